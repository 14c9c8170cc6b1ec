//! Device accounts: the secret token (stored only as its SHA-256) and the nickname rules.

use sha2::{Digest, Sha256};
use unicode_general_category::{get_general_category, GeneralCategory};
use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

/// Nickname length in characters, as written and after NFKC normalisation.
pub const NICKNAME_CHARS: std::ops::RangeInclusive<usize> = 3..=20;

/// A new token: 32 random bytes from the operating system, hex-encoded behind a `gw1_` prefix (so a leaked one
/// is recognisable in logs and scanners).
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(format!("gw1_{}", hex::encode(bytes)))
}

/// What the database keeps of a token.
pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// The form nicknames are compared in: NFKC (full-width and other compatibility forms fold to plain letters),
/// then lower case. Unique in the database, so `Anna`, `ANNA` and `ａｎｎａ` are one name.
pub fn nickname_key(nickname: &str) -> String {
    nickname.nfkc().collect::<String>().to_lowercase()
}

/// The form look-alike nicknames share: the UTS #39 confusable skeleton of the NFKC form, case-folded (upper
/// then lower case, which folds `ß` and final `ς` too) and taken again (so that a lower-case look-alike maps
/// to its prototype as well). `Anna`, `ANNA`, `Аnna` (Cyrillic А) and `Ann\u{0430}` have one skeleton, and so
/// have `Ian` and `lan`. A new name whose skeleton an existing account has is taken.
pub fn nickname_skeleton(nickname: &str) -> String {
    let nfkc: String = nickname.nfkc().collect();
    let first: String = skeleton(&nfkc).collect();
    let folded = first.to_uppercase().to_lowercase();
    skeleton(&folded).collect()
}

/// Checks a nickname, as written and after NFKC normalisation (a compatibility character can stand for many,
/// or for a space): 3–20 characters; letters, marks, digits, punctuation, symbols and single inner spaces; no
/// control, format (zero-width, bidirectional overrides), private-use, unassigned or other invisible
/// characters. Returns the reason it is refused.
pub fn check_nickname(nickname: &str) -> Result<(), String> {
    check_form(nickname)?;
    let nfkc: String = nickname.nfkc().collect();
    check_form(&nfkc).map_err(|why| format!("normalised (NFKC) as {nfkc:?}: {why}"))
}

fn check_form(nickname: &str) -> Result<(), String> {
    let n = nickname.chars().count();
    if !NICKNAME_CHARS.contains(&n) {
        return Err(format!(
            "a nickname has {}–{} characters, this one {n}",
            NICKNAME_CHARS.start(),
            NICKNAME_CHARS.end()
        ));
    }
    if nickname.starts_with(' ') || nickname.ends_with(' ') || nickname.contains("  ") {
        return Err("no space at either end nor two in a row".into());
    }
    for c in nickname.chars() {
        use GeneralCategory::*;
        let visible = match get_general_category(c) {
            SpaceSeparator => c == ' ',
            Control | Format | Surrogate | PrivateUse | Unassigned | LineSeparator | ParagraphSeparator => false,
            // Invisible marks and fillers that Unicode files under letters or marks.
            _ => {
                !matches!(c, '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{034F}' | '\u{180B}'..='\u{180F}' | '\u{FE00}'..='\u{FE0F}')
            }
        };
        if !visible {
            return Err(format!("U+{:04X} is not allowed in a nickname (control or invisible)", c as u32));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nicknames() {
        for ok in ["Anna", "dame_blanche", "Игрок 7", "José", "王小明", "a-b.c"] {
            assert_eq!(check_nickname(ok), Ok(()), "{ok}");
        }
        for bad in [
            "ab",
            "x".repeat(21).as_str(),
            " Anna",
            "Anna ",
            "An  na",
            "An\u{200B}na",
            "An\u{202E}na",
            "An\nna",
            "An\tna",
            "Anna\u{3164}",
            "\u{E000}abc",
        ] {
            assert!(check_nickname(bad).is_err(), "{bad:?}");
        }
        assert_eq!(nickname_key("ANNA"), nickname_key("anna"));
        assert_eq!(nickname_key("ａｎｎａ"), "anna");
        // U+FDFA is one character that NFKC writes as 18; U+00B4 becomes a space and a combining accent.
        assert!(check_nickname("\u{FDFA}\u{FDFA}\u{FDFA}").is_err());
        assert!(check_nickname("\u{FDFA}").is_err());
        assert!(check_nickname("\u{B4}Anna").is_err());
        assert_eq!(check_nickname("ﬁne"), Ok(()));
    }

    #[test]
    fn look_alike_nicknames_share_a_skeleton() {
        let anna = nickname_skeleton("Anna");
        for same in ["anna", "ANNA", "ａｎｎａ", "\u{0410}nna", "Ann\u{0430}", "\u{0410}NN\u{0410}", "An\u{00AD}na"]
        {
            assert_eq!(nickname_skeleton(same), anna, "{same:?}");
        }
        // Cyrillic Н looks like H, not N.
        assert_eq!(nickname_skeleton("\u{0410}\u{041D}\u{041D}\u{0410}"), nickname_skeleton("AHHA"));
        assert_eq!(nickname_skeleton("Ian"), nickname_skeleton("lan"));
        assert_eq!(nickname_skeleton("B0b"), nickname_skeleton("Bob"));
        assert_eq!(nickname_skeleton("Straße"), nickname_skeleton("STRASSE"));
        for other in ["Anne", "Boris", "Игрок 7", "王小明"] {
            assert_ne!(nickname_skeleton(other), anna, "{other:?}");
        }
    }

    #[test]
    fn tokens_are_long_random_and_hashed() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), 4 + 64);
        assert_eq!(token_hash(&a).len(), 32);
        assert_ne!(token_hash(&a), token_hash(&b));
    }
}
