"""DKIM: whether a message carries a valid signature of its sender's domain.

A stronger sender check than the From line (which anyone can write): the
sender's mail server signs the message, and its public key is published in
DNS.  The check is optional (``mail_in.dkim`` in the configuration) and needs
the ``dkim`` extra (dkimpy).  A signature counts when it verifies and its
signing domain (``d=``) is the From address's domain or a parent of it
(relaxed alignment, as DMARC has it).
"""

from __future__ import annotations

from collections.abc import Callable

DnsLookup = Callable[..., bytes | None]


def aligned(signing_domain: str, sender: str) -> bool:
    """Whether ``signing_domain`` may vouch for the address ``sender``."""
    domain = sender.rpartition("@")[2].lower().rstrip(".")
    signer = signing_domain.lower().rstrip(".")
    return bool(domain and signer) and (domain == signer or domain.endswith("." + signer))


def signed_by_sender(raw: bytes, sender: str, dns: DnsLookup | None = None) -> bool:
    """True if one of the message's DKIM signatures verifies and is aligned with ``sender``.

    ``dns`` looks up a TXT record (name as bytes, returns the record as bytes);
    by default dkimpy asks the system's resolver.
    """
    import dkim  # the optional dependency, needed only when the check is configured

    lookup = {"dnsfunc": dns} if dns else {}
    checker = dkim.DKIM(raw, minkey=1024, timeout=5)
    count = sum(1 for name, _ in checker.headers if name.lower() == b"dkim-signature")
    for index in range(count):
        try:
            valid = checker.verify(idx=index, **lookup)
        except Exception:  # dkimpy raises many kinds on malformed signatures or keys
            continue
        if valid and aligned(checker.domain.decode("ascii", "replace"), sender):
            return True
    return False
