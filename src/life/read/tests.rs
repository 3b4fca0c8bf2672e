//! Tests of the reading of small regions: eye shapes, and a double ko under the
//! confirmation's ko rule (J89 Art. 7.2).

mod rows {
    use crate::life::read::*;

    /// A row of `n` region points, all touching one border chain.
    fn row(n: usize, o0: u32) -> Local {
        let links: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        Local::new(n, &links, &[(mask(n), 0)], 0, o0)
    }

    #[test]
    fn straight_eyes() {
        assert_eq!(row(1, 0).eyes(), 1);
        assert_eq!(row(2, 0).eyes(), 1);
        // Straight three: the attacker takes the middle.
        assert_eq!(row(3, 0).eyes(), 1);
        // Straight four lives.
        assert_eq!(row(4, 0).eyes(), 2);
        // Straight three with the attacker already in the middle: one eye at most.
        assert_eq!(row(3, 0b010).eyes(), 1);
    }

    #[test]
    fn square_four_is_one_eye() {
        let l = Local::new(4, &[(0, 1), (2, 3), (0, 2), (1, 3)], &[(0b1111, 0)], 0, 0);
        assert_eq!(l.eyes(), 1);
    }
}

mod shapes {
    use crate::life::read::*;

    /// A local position from rows: `.` empty and `O` attacker's stones are the region, every
    /// `X` belongs to one border chain (the rows must keep the X connected).
    fn local(rows: &[&str]) -> Local {
        let h = rows.len();
        let w = rows[0].len();
        let at = |x: usize, y: usize| rows[y].as_bytes()[x];
        let mut idx = vec![usize::MAX; w * h];
        let mut n = 0;
        let mut o0 = 0u32;
        for y in 0..h {
            for x in 0..w {
                if at(x, y) != b'X' {
                    idx[y * w + x] = n;
                    if at(x, y) == b'O' {
                        o0 |= 1 << n;
                    }
                    n += 1;
                }
            }
        }
        let mut links = Vec::new();
        let mut border = 0u32;
        for y in 0..h {
            for x in 0..w {
                let i = idx[y * w + x];
                if i == usize::MAX {
                    continue;
                }
                for (dx, dy) in [(1i32, 0i32), (0, 1), (-1, 0), (0, -1)] {
                    let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                    if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                        continue;
                    }
                    let j = idx[ny as usize * w + nx as usize];
                    if j == usize::MAX {
                        border |= 1 << i;
                    } else if j > i {
                        links.push((i, j));
                    }
                }
            }
        }
        Local::new(n, &links, &[(border, 0)], 0, o0)
    }

    #[test]
    fn corner_shapes() {
        assert_eq!(local(&["...X", "OO.X", "..XX", "XXXX"]).eyes(), 1);
        assert_eq!(local(&["..XX", ".O.X", "OO.X", "XXXX"]).eyes(), 1);
        assert_eq!(local(&["....", "XXXX"]).eyes(), 2);
        assert_eq!(local(&["..X", "..X", "XXX"]).eyes(), 1);
    }
}

mod ko {
    use crate::life::read::*;

    /// Two "ko eyes" and one real eye, inside the opponent's area (the right side of a
    /// peer's double-ko test): under the confirmation rule (J89 Art. 7.2) the opponent takes
    /// one ko, the owner must pass before taking back, the opponent fills that ko, then takes
    /// the other: the owner is left with one eye and is captured.
    #[test]
    fn two_ko_eyes_are_not_two_eyes() {
        // Nodes: e0=(14,2), e1=(16,0), e2=(16,2), s3=(14,3), s4=(16,3) (ko stones), then the
        // chain: (15,0)=5, (13,1)=6, (14,1)=7, (15,1)=8, (16,1)=9, (13,2)=10, (15,2)=11.
        let links = [
            (0, 3),
            (0, 10),
            (0, 11),
            (0, 7),
            (1, 5),
            (1, 9),
            (2, 9),
            (2, 11),
            (2, 4),
            (5, 8),
            (6, 7),
            (7, 8),
            (8, 9),
            (6, 10),
            (8, 11),
        ];
        let wall = (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 7) | (1 << 10) | (1 << 11);
        let o0 = 0b1111_1111_1000;
        let l = Local::new(12, &links, &[(wall, 2)], 0, o0);
        assert_eq!(l.captures(0b1111_1110_0000, false), Some(true));
    }
}
