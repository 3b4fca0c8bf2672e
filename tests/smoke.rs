use tengen::*;

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

#[test]
fn capture_and_ko() {
    let mut g = Game::new(Setup {
        size: Size::square(5).unwrap(),
        rules: Rules::preset("japanese-1989").unwrap(),
        handicap: 0,
    })
    .unwrap();
    // build a ko: B at (1,0),(0,1),(1,2); W at (2,0),(3,1),(2,2), B (2,1) then W (1,1) captures
    for (x, y) in [(1, 0), (2, 0), (0, 1), (3, 1), (1, 2), (2, 2), (2, 1)] {
        g.place(p(x, y)).unwrap();
    }
    assert_eq!(g.place(p(1, 1)).unwrap(), 1);
    assert_eq!(g.ko_point(), Some(p(2, 1)));
    assert_eq!(g.place(p(2, 1)), Err(Error::Ko));
    assert_eq!(g.place(p(1, 1)), Err(Error::Occupied));
    g.place(p(4, 4)).unwrap();
    g.place(p(4, 3)).unwrap();
    assert_eq!(g.place(p(2, 1)).unwrap(), 1);
    println!("{}", g.board());
    g.undo().unwrap();
    assert_eq!(g.board().get(p(2, 1)), None);
}

#[test]
fn score_simple() {
    let b = Board::from_rows(&[".X.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O."]).unwrap();
    let r = Rules::preset("japanese-1989").unwrap();
    let s = score::score(&b, &[false; 25], &r, 0);
    assert_eq!(s.black.territory, 5);
    assert_eq!(s.white.territory, 5);
    assert_eq!(s.result, "W+6.5");
    let r = Rules::preset("chinese").unwrap();
    let s = score::score(&b, &[false; 25], &r, 0);
    assert_eq!(s.black.total_halves, 20);
    assert_eq!(s.white.total_halves, 20 + 15);
}
