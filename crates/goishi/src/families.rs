//! The one list of the families this crate composes (`families!` in lib.rs) and what it
//! makes: each family's module, its variants and rules syntaxes in the registry, its entry
//! in [`crate::FAMILIES`], and its arm of [`crate::VariantPosition`], the one way to reach
//! the concrete position type of a game.

/// Makes everything the facade knows of its families from one list, one line a family:
///
/// ```text
/// module: crate_name::PositionType => Arm, feature = "feature", family = "family id";
/// ```
///
/// A family crate's root must have `VARIANTS` (made by `declare_variants!`), `SYNTAXES` (its
/// other rules syntaxes, often none) and its position type, which implements
/// [`crate::PlayoutPosition`]. `cargo xtask new-variant` adds the line of a new family.
macro_rules! families {
    ($(
        $(#[$doc:meta])*
        $module:ident: $krate:ident :: $ty:ident => $arm:ident,
            feature = $feature:literal, family = $family:literal;
    )*) => {
        $(
            $(#[$doc])*
            #[cfg(feature = $feature)]
            pub use $krate as $module;
        )*

        /// The variants of the enabled families, from each rule crate's explicit `VARIANTS`
        /// list (not from `inventory`), in family order.
        pub fn linked_variants() -> Vec<&'static VariantInfo> {
            #[allow(unused_mut)]
            let mut all: Vec<&'static VariantInfo> = Vec::new();
            $(
                #[cfg(feature = $feature)]
                all.extend($krate::VARIANTS.iter().copied());
            )*
            all
        }

        /// The other rules syntaxes of the enabled families (KataGo's JSON and compact forms
        /// for Go), from each rule crate's explicit `SYNTAXES` list.
        pub fn linked_syntaxes() -> Vec<&'static RulesSyntax> {
            #[allow(unused_mut)]
            let mut all: Vec<&'static RulesSyntax> = Vec::new();
            $(
                #[cfg(feature = $feature)]
                all.extend($krate::SYNTAXES.iter().copied());
            )*
            all
        }

        /// The rule families of the enabled features: (family id, feature name).
        pub const FAMILIES: &[(&str, &str)] = &[
            $(
                #[cfg(feature = $feature)]
                ($family, $feature),
            )*
        ];

        /// A game of any variant, as its family's concrete position type: one arm for each
        /// family this crate composes (with its feature), and [`VariantPosition::Other`] for
        /// a variant of a family it does not know (registered by a rule crate the program
        /// links but this crate does not name), boxed.
        ///
        /// The loops that run many games reach the concrete type through it once, then run
        /// generic code ([`PositionVisitor`]) with no dynamic dispatch per move: a tree
        /// search's playouts, self-play, the batched environment.
        ///
        /// ```
        /// # #[cfg(feature = "go")] {
        /// use goishi::{PlayoutPosition, PositionVisitor, VariantPosition};
        ///
        /// struct Points;
        /// impl PositionVisitor for Points {
        ///     type Output = usize;
        ///     fn visit<P: PlayoutPosition>(self, position: &P) -> usize {
        ///         position.num_points()
        ///     }
        /// }
        ///
        /// let game = goishi::registry().parse_rules("japanese").unwrap().new_game(Some((9, 9))).unwrap();
        /// let game = VariantPosition::new(game);
        /// assert!(matches!(game, VariantPosition::Go(_)));
        /// assert_eq!(game.visit(Points), 81);
        /// # }
        /// ```
        #[derive(Clone, Debug)]
        #[non_exhaustive]
        pub enum VariantPosition {
            $(
                #[doc = concat!("A game of the `", $family, "` family.")]
                #[cfg(feature = $feature)]
                $arm($krate::$ty),
            )*
            /// A game of a family this crate does not compose, through the object-safe trait.
            Other(Box<dyn Position>),
        }

        impl VariantPosition {
            /// The game `position` as its family's concrete type (a copy of it), or boxed
            /// as it is when its family is not one of this crate's.
            pub fn new(position: Box<dyn Position>) -> VariantPosition {
                $(
                    #[cfg(feature = $feature)]
                    if let Some(p) = position.as_any().downcast_ref::<$krate::$ty>() {
                        return VariantPosition::$arm(p.clone());
                    }
                )*
                VariantPosition::Other(position)
            }

            /// A copy of the game `position` as its family's concrete type.
            pub fn from_position(position: &dyn Position) -> VariantPosition {
                $(
                    #[cfg(feature = $feature)]
                    if let Some(p) = position.as_any().downcast_ref::<$krate::$ty>() {
                        return VariantPosition::$arm(p.clone());
                    }
                )*
                VariantPosition::Other(position.clone_box())
            }

            /// Runs `visitor` on the game as its concrete type.
            pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    $(
                        #[cfg(feature = $feature)]
                        VariantPosition::$arm(p) => visitor.visit(p),
                    )*
                    VariantPosition::Other(p) => visitor.visit(p),
                }
            }

            /// The game through the object-safe trait.
            pub fn as_position(&self) -> &dyn Position {
                match self {
                    $(
                        #[cfg(feature = $feature)]
                        VariantPosition::$arm(p) => p,
                    )*
                    VariantPosition::Other(p) => p.as_ref(),
                }
            }

            /// Whether the game runs on a concrete type of this crate's families (not
            /// [`VariantPosition::Other`]).
            pub fn is_concrete(&self) -> bool {
                !matches!(self, VariantPosition::Other(_))
            }
        }
    };
}

/// Something to run on a game as its family's concrete type: see
/// [`crate::VariantPosition::visit`].
pub trait PositionVisitor {
    /// What it returns.
    type Output;

    /// Runs on `position`, the game as its concrete type (or boxed, for a family the facade
    /// does not compose).
    fn visit<P: goishi_board::PlayoutPosition>(self, position: &P) -> Self::Output;
}
