//! The one way a family declares its variants: [`declare_variants!`](crate::declare_variants),
//! from one list per crate, and the shape every variant's documentation has
//! ([`DOCS_HEADINGS`], [`docs_problems`]).
//!
//! The list gives, once, everything the registry, the facade's explicit fallback and the
//! generated docs read: each variant becomes a `VariantInfo` constant, registered with
//! `inventory`, and the crate's `VARIANTS` list is made from the same entries, so that the
//! two cannot disagree. Each variant's documentation is a Markdown file of the crate,
//! `docs/<file>`, read at compile time.

/// The four sections of every variant's documentation, in order: its `##` headings.
pub const DOCS_HEADINGS: [&str; 4] = [
    "What it is",
    "The rules",
    "An example",
    "Where it comes from",
];

/// What is wrong with a variant's documentation: its `##` headings must be
/// [`DOCS_HEADINGS`], in that order, each with some text under it (deeper headings, `###`,
/// are free). Empty when all is well.
pub fn docs_problems(docs: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut sections: Vec<(&str, usize)> = Vec::new();
    for line in docs.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            sections.push((title.trim(), 0));
        } else if let Some(last) = sections.last_mut() {
            if !line.trim().is_empty() {
                last.1 += 1;
            }
        } else if !line.trim().is_empty() {
            problems.push(format!("text before the first heading: {:?}", line.trim()));
            break;
        }
    }
    let titles: Vec<&str> = sections.iter().map(|(t, _)| *t).collect();
    if titles != DOCS_HEADINGS {
        problems.push(format!(
            "the ## headings are {titles:?}; expected {:?}",
            DOCS_HEADINGS
        ));
    }
    for (title, lines) in &sections {
        if *lines == 0 {
            problems.push(format!("section {title:?} is empty"));
        }
    }
    problems
}

/// Declares the variants of a family: each a `VariantInfo` constant registered with
/// `inventory`, and `pub static VARIANTS: &[&VariantInfo]`, the same entries in the same
/// order (the explicit list for targets where `inventory` collects nothing).
///
/// The family part names the family (`family`, `title`), its position type (which
/// implements [`FromSetup`](crate::FromSetup): its `from_setup` is every variant's
/// constructor), its options, the default board size and the words of its own illegal-move
/// reasons (`reasons`, see [`IllegalMove::Family`](crate::IllegalMove::Family)). Each entry
/// names the constant, the id, the aliases, the one-line summary, the documentation file
/// (under the crate's `docs/`, with the four sections of [`DOCS_HEADINGS`]) and the preset
/// (the options whose default differs from the family's).
///
/// ```text
/// goishi_board::declare_variants! {
///     family: "go", title: "Go", position: GoPosition, options: OPTIONS,
///     default_size: (19, 19), reasons: [],
///     variants: [
///         /// Chinese rules.
///         CHINESE {
///             id: "go/chinese",
///             aliases: ["chinese", "cn"],
///             summary: "Chinese rules: simple ko, no suicide, area scoring",
///             docs: "chinese.md",
///             preset: ["ko" = "simple", "suicide" = "forbidden"],
///         },
///     ]
/// }
/// ```
#[macro_export]
macro_rules! declare_variants {
    (
        family: $family:literal,
        title: $title:literal,
        position: $position:ty,
        options: $options:expr,
        default_size: $size:expr,
        reasons: $reasons:tt,
        $(capabilities: $caps:expr,)?
        variants: [
            $(
                $(#[$meta:meta])*
                $name:ident {
                    id: $id:literal,
                    aliases: [$($alias:literal),* $(,)?],
                    summary: $summary:literal,
                    docs: $docs:literal,
                    preset: [$($k:literal = $v:literal),* $(,)?] $(,)?
                }
            ),* $(,)?
        ] $(,)?
    ) => {
        /// What the family declares of itself ([`Capabilities::NONE`] when it declares
        /// nothing).
        ///
        /// [`Capabilities::NONE`]: $crate::Capabilities::NONE
        const FAMILY_CAPABILITIES: $crate::Capabilities = {
            #[allow(unused_variables)]
            let caps = $crate::Capabilities::NONE;
            $(let caps = $caps;)?
            caps
        };

        $(
            $(#[$meta])*
            pub const $name: $crate::VariantInfo = $crate::VariantInfo {
                id: $id,
                family: $family,
                family_title: $title,
                aliases: &[$($alias),*],
                summary: $summary,
                docs: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/", $docs)),
                options: $options,
                preset: &[$(($k, $v)),*],
                default_size: $size,
                reasons: &$reasons,
                new_position: $crate::new_boxed::<$position>,
                capabilities: FAMILY_CAPABILITIES,
            };
            $crate::register_variant!($name);
        )*

        /// Every variant of the family, in declaration order: the same entries that are
        /// registered with `inventory`, as the explicit list for targets where `inventory`
        /// collects nothing.
        pub static VARIANTS: &[&$crate::VariantInfo] = &[$(&$name),*];
    };
}

#[cfg(test)]
mod tests {
    use super::docs_problems;

    #[test]
    fn the_four_headings_in_order_each_with_text() {
        let good = "## What it is\n\nA.\n\n## The rules\n\nB.\n\n### More\n\nC.\n\n\
                    ## An example\n\nD.\n\n## Where it comes from\n\nE.\n";
        assert!(docs_problems(good).is_empty(), "{:?}", docs_problems(good));
        let renamed = good.replace("## The rules", "## Rules");
        assert_eq!(docs_problems(&renamed).len(), 1);
        let empty = good.replace("D.", "");
        assert_eq!(docs_problems(&empty), ["section \"An example\" is empty"]);
        assert_eq!(docs_problems("A test variant.").len(), 2);
    }
}
