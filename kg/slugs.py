"""IRI-safe keys for names and titles: the last segment of a resource's IRI.

A name written in ASCII keeps the key it always had (lowercase letters and digits, runs of
anything else as one hyphen), so existing IRIs never change. A name with letters or digits
outside ASCII ("深度推理模型", "Ωμέγα", "Gödel") keeps them: IRIs allow any Unicode letter, and
dropping them would give different names the same key. A name with no letter or digit at all
gets a short hash of its folded text, so it still has a key of its own.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata


def _has_non_ascii_word_char(text: str) -> bool:
    return any(not ch.isascii() and ch.isalnum() for ch in text)


def _unicode_key(text: str, keep: str) -> str:
    # NFKC folds compatibility forms ('ﬁ' -> 'fi', full-width 'Ａ' -> 'A'); casefold lowercases any script.
    text = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    gap = False
    for ch in text:
        # Letters, digits and combining marks (vowel signs, accents) are part of a word.
        if ch.isalnum() or ch in keep or unicodedata.category(ch).startswith("M"):
            if gap and out:
                out.append("-")
            out.append(ch)
            gap = False
        else:
            gap = True
    return "".join(out)


def name_key(text: str, keep: str = "", strip: str = "-") -> str:
    """The key of a name: ASCII letters, digits and the characters in ``keep``, runs of anything else as
    one hyphen; Unicode letters too when it has them. Empty when the name has no letter or digit."""
    text = text.replace("’", "'")
    key = _unicode_key(text, keep) if _has_non_ascii_word_char(text) else re.sub(rf"[^a-z0-9{re.escape(keep)}]+", "-", text.lower())
    return key.strip(strip)


def hashed_key(text: str) -> str:
    """A key for a name without any letter or digit: 'h' and a hash of its folded text."""
    folded = unicodedata.normalize("NFKC", text).casefold().strip()
    return "h" + hashlib.sha1(folded.encode("utf-8")).hexdigest()[:12]
