//! The variants' rules pages (their docs files, Markdown, as the registry holds them) as HTML,
//! for the page's "Rules page" box: CommonMark with tables and strikethrough, by
//! pulldown-cmark. The text never injects markup: raw HTML in it is shown as text (an HTML
//! block as a code block), a link keeps its target only when it is a web or mail address
//! (`javascript:` and relative paths, which lead nowhere in the page, become plain text), and
//! an image is its alt text (the page loads nothing from elsewhere).
//!
//! Native only: `cargo xtask web` renders every registered variant's page when it builds the
//! site ([`pages`], written as `rules-pages.json` beside the module), so that the renderer
//! (80 KB of the gzipped module) stays out of the WebAssembly. The page shows a rendered page
//! only when its Markdown is the text the module's registry holds, and that text as it is
//! otherwise.

use pulldown_cmark::{html, CodeBlockKind, Event, LinkType, Options, Parser, Tag, TagEnd};
use serde_json::{json, Map, Value};

/// The HTML of a rules page written in Markdown.
pub fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    // Links do not nest: one flag says whether the open link was dropped.
    let mut dropped_link = false;
    let events = Parser::new_ext(markdown, options).filter_map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
        Event::Start(Tag::HtmlBlock) => Some(Event::Start(Tag::CodeBlock(CodeBlockKind::Indented))),
        Event::End(TagEnd::HtmlBlock) => Some(Event::End(TagEnd::CodeBlock)),
        Event::Start(Tag::Link {
            link_type,
            ref dest_url,
            ..
        }) => {
            dropped_link = !(link_type == LinkType::Email || is_web_address(dest_url));
            (!dropped_link).then_some(event)
        }
        Event::End(TagEnd::Link) => (!std::mem::take(&mut dropped_link)).then_some(event),
        Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => None,
        other => Some(other),
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

/// An absolute `http:` or `https:` address.
fn is_web_address(url: &str) -> bool {
    ["http://", "https://"].iter().any(|scheme| {
        url.get(..scheme.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
    })
}

/// Every registered variant's rules page, by id: `{"go/chinese": {"markdown": ..., "html":
/// ...}, ...}` (the Markdown, to which the page compares its module's text).
pub fn pages() -> Value {
    let pages: Map<String, Value> = goishi::registry()
        .variants()
        .map(|v| {
            let page = json!({ "markdown": v.docs, "html": to_html(v.docs) });
            (v.id.to_owned(), page)
        })
        .collect();
    Value::Object(pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(markdown: &str, expected: &str) {
        assert_eq!(to_html(markdown), expected, "{markdown:?}");
    }

    #[test]
    fn markdown_is_rendered() {
        check(
            "## The rules\n\nA *stone* and `ko=simple`.\n",
            "<h2>The rules</h2>\n<p>A <em>stone</em> and <code>ko=simple</code>.</p>\n",
        );
        check(
            "```\nX O .\n. X <\n```\n",
            "<pre><code>X O .\n. X &lt;\n</code></pre>\n",
        );
        check(
            "| option | default |\n|---|---|\n| komi | 7.5 |\n",
            "<table><thead><tr><th>option</th><th>default</th></tr></thead><tbody>\n\
             <tr><td>komi</td><td>7.5</td></tr>\n</tbody></table>\n",
        );
        check(
            "- one\n- two\n",
            "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n",
        );
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        check(
            "a <b onclick=\"x()\">bold</b> word\n",
            "<p>a &lt;b onclick=\"x()\"&gt;bold&lt;/b&gt; word</p>\n",
        );
        check(
            "<script>alert(1)</script>\n",
            "<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n",
        );
        check(
            "<div>\n<img src=x onerror=alert(1)>\n</div>\n",
            "<pre><code>&lt;div&gt;\n&lt;img src=x onerror=alert(1)&gt;\n&lt;/div&gt;\n</code></pre>\n",
        );
    }

    #[test]
    fn links_keep_only_web_and_mail_addresses_and_images_are_their_text() {
        check(
            "[site](https://example.org/a?b=1&c=2 \"t\")\n",
            "<p><a href=\"https://example.org/a?b=1&amp;c=2\" title=\"t\">site</a></p>\n",
        );
        check(
            "<someone@example.org>\n",
            "<p><a href=\"mailto:someone@example.org\">someone@example.org</a></p>\n",
        );
        check("[x](javascript:alert(1))\n", "<p>x</p>\n");
        check(
            "[x](JavaScript:alert(1)) [y](../rules/go.md)\n",
            "<p>x y</p>\n",
        );
        check(
            "![a board](https://example.org/b.png)\n",
            "<p>a board</p>\n",
        );
        check(
            "[![a](x.png)](https://example.org)\n",
            "<p><a href=\"https://example.org\">a</a></p>\n",
        );
    }

    #[test]
    fn every_registered_variant_has_its_rules_page_with_its_sections() {
        let pages = pages();
        let ids: Vec<&str> = goishi::registry().variants().map(|v| v.id).collect();
        let paged: Vec<&str> = pages
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(paged, ids);
        for v in goishi::registry().variants() {
            assert_eq!(pages[v.id]["markdown"], v.docs);
            let html = pages[v.id]["html"].as_str().unwrap();
            for heading in goishi::DOCS_HEADINGS {
                assert!(
                    html.contains(&format!("<h2>{heading}</h2>")),
                    "{}: {html}",
                    v.id
                );
            }
            assert!(!html.contains("\n## "), "{}", v.id);
        }
    }
}
