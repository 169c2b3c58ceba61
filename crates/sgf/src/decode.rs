//! Decoding: the bytes of an SGF file to text. UTF-8, or ISO-8859-1 (the character set of
//! FF\[4\] without `CA`) when the bytes are not UTF-8 and the file's `CA` names it or none;
//! anything else is refused by name rather than read wrong.

use std::borrow::Cow;

use crate::error::{ErrorKind, SgfError};

/// The text of an SGF file: UTF-8; or, when the bytes are not UTF-8, ISO-8859-1 (the
/// character set of FF\[4\] without `CA`, and what older programs write), each byte a
/// character, if the file's `CA` names it or no character set. A file that is not UTF-8 and
/// names another (`CA[GB2312]`) is refused by name rather than read wrong.
pub fn decode(bytes: &[u8]) -> Result<String, SgfError> {
    decode_borrowed(bytes).map(Cow::into_owned)
}

/// [`decode`], borrowing the bytes when they are the text (UTF-8), copying nothing.
pub(crate) fn decode_borrowed(bytes: &[u8]) -> Result<Cow<'_, str>, SgfError> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) || bytes.contains(&0) {
        return Err(SgfError::general(
            ErrorKind::Charset,
            "the file is UTF-16 or has NUL bytes; goishi reads SGF in UTF-8 or ISO-8859-1",
        ));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Cow::Borrowed(text));
    }
    let charset = declared_charset(bytes);
    let latin_1 = charset.as_deref().is_none_or(|c| {
        matches!(
            c.replace(['-', '_', ' '], "").as_str(),
            "ISO88591" | "LATIN1" | "L1" | "ISOLATIN1" | "CP819" | "IBM819"
        )
    });
    if !latin_1 {
        return Err(SgfError::general(ErrorKind::Charset, format!(
            "the file is in {} (its CA) and not UTF-8; goishi reads SGF in UTF-8 or ISO-8859-1 (convert it to UTF-8 first)",
            charset.unwrap_or_default()
        )));
    }
    Ok(Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()))
}

/// The character set a file's `CA` property names, in upper case (the first `CA[...]` in the
/// bytes: the root's, where FF\[4\] puts it).
fn declared_charset(bytes: &[u8]) -> Option<String> {
    let at = bytes.windows(3).position(|w| w == b"CA[")?;
    let value = &bytes[at + 3..];
    let end = value.iter().position(|&b| b == b']')?;
    let name = String::from_utf8_lossy(&value[..end])
        .trim()
        .to_ascii_uppercase();
    (!name.is_empty()).then_some(name)
}
