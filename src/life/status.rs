//! What the analysis says: of each point ([`PointLife`], [`Area`]), and, inside it, of each
//! chain and enclosed region of the settled board.

use crate::color::Color;

/// What a point without a live stone is, for the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    /// An eye of stones alive by themselves: territory of that colour (J89 Art. 8).
    Territory(Color),
    /// An eye of stones alive in seki: no territory (J89 Art. 8).
    SekiEye(Color),
    /// A neutral point: a dame that can be filled, an unfinished border, the eye of stones
    /// that can be captured, or a point surrounded by live and dead stones (J89 Example 25).
    Dame,
    /// A dame that nobody can fill: a shared liberty of a seki.
    SekiLiberty,
    /// A point this colour must fill to keep a chain of theirs (a false eye).
    ProtectiveFill(Color),
}

/// What the analysis says of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointLife {
    /// A live stone of a chain alive by itself (or one that can be captured, with a warning).
    Alive(Color),
    /// A live stone of a chain alive in seki: it touches a dame (J89 Art. 8).
    Seki(Color),
    /// A stone marked dead, and the area it stands in.
    Dead(Color, Area),
    /// An empty point.
    Empty(Area),
}

/// The colour of a stone value (1 Black, -1 White).
pub(super) fn colour(v: i8) -> Color {
    if v == 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// The status of a chain of the settled board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    /// Alive by itself: two eyes (Benson's iteration with the eyes read).
    Alive,
    /// Alive in seki: it touches a dame nobody can fill, or lives through such a chain.
    Seki,
    /// Neither: not enough eyes and no seki. Its eyes are no territory; it is not reported,
    /// since lacking eyes on an unfinished board is no proof of capture.
    Weak,
}

/// A region of the settled board enclosed by one colour's live stones.
pub(super) struct Enclosed {
    pub(super) colour: i8,
    /// Its first point, its number of points and of stones on them.
    pub(super) first: u16,
    pub(super) size: u16,
    pub(super) stones: u16,
    /// The eyes it gives (0, 1, 2), once known: read only when a group needs them.
    pub(super) eyes: Option<u8>,
    pub(super) valid: bool,
}
