"""Real mail servers on loopback for tests and benchmarks.

`Dovecot` runs a private Dovecot 2.3 (IMAP, IMAPS, LMTP, XOAUTH2) under one directory;
`SmtpRelay` is an aiosmtpd server that hands every accepted message to Dovecot's LMTP.
"""

from __future__ import annotations

import asyncio
import ctypes
import errno
import grp
import json
import os
import pwd
import shutil
import signal
import smtplib
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from imapclient import IMAPClient

SBIN_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
HOST = "127.0.0.1"


def find_dovecot() -> str | None:
    """Path of the `dovecot` binary, or None when Dovecot is not installed."""
    return shutil.which("dovecot", path=SBIN_PATH)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    (port,) = free_ports(1)
    return port


def free_ports(count: int) -> list[int]:
    """``count`` different TCP ports on 127.0.0.1 that nothing listens on right now: each
    socket is held until all are bound (released one by one, the kernel may hand the same
    port out twice: Dovecot then refuses its "duplicate listener")."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind((HOST, 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def _bindable(port: int) -> bool:
    """Whether a server could bind ``port`` on the loopback now (as asyncio binds: with
    SO_REUSEADDR).  Checked before aiosmtpd binds it: its failure to bind hangs under
    libfaketime instead of raising."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((HOST, port))
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                raise
            return False
    return True


def wait_for_port(port: int, timeout: float = 10.0, alive=lambda: True) -> None:
    """Block until something accepts connections on `port`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive():
            raise RuntimeError(f"server died before listening on port {port}")
        try:
            socket.create_connection((HOST, port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.01)
    raise TimeoutError(f"nothing listening on {HOST}:{port} after {timeout}s")


def process_group(pgid: int) -> list[int]:
    """Live (non-zombie) processes in process group `pgid`, read from /proc."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            pids.append(int(stat.parent.name))
    return pids


def _die_with_parent() -> None:
    """Child side of Popen: get SIGTERM if this Python process dies (Linux prctl)."""
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def make_certificate(directory: Path) -> tuple[Path, Path]:
    """Self-signed EC certificate for 127.0.0.1/localhost, made with `openssl`."""
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert),
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True,
    )
    key.chmod(0o600)
    return cert, key


def _allow_traversal(path: Path) -> None:
    """Let unprivileged Dovecot processes reach `path` (root only: adds o+x to ancestors)."""
    for p in [path, *path.parents]:
        mode = p.stat().st_mode
        if not mode & 0o001:
            p.chmod(mode | 0o001)


class _TokenServer(ThreadingHTTPServer):
    """OAuth2 token introspection endpoint (RFC 7662, POST token=...)."""

    daemon_threads = True

    def __init__(self) -> None:
        self.tokens: dict[str, str] = {}
        super().__init__((HOST, 0), _TokenHandler)
        self.thread = threading.Thread(target=self.serve_forever, args=(0.02,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/introspect"


class _TokenHandler(BaseHTTPRequestHandler):
    server: _TokenServer

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        token = parse_qs(body).get("token", [""])[0]
        user = self.server.tokens.get(token)
        reply = {"active": True, "username": user} if user else {"active": False}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


CONFIG = """\
# Private test instance; generated by tests/mailservers.py
base_dir = {base_dir}
state_dir = {root}/state
instance_name = pbem-test-{imap_port}
log_path = {root}/dovecot.log
protocols = imap lmtp
listen = {host}
ssl = yes
ssl_cert = <{cert}
ssl_key = <{key}
disable_plaintext_auth = no
auth_mechanisms = plain login xoauth2 oauthbearer
auth_failure_delay = 0
auth_verbose = yes
default_login_user = {login_user}
default_internal_user = {internal_user}
default_internal_group = {internal_group}
first_valid_uid = 1
mail_uid = {mail_uid}
mail_gid = {mail_gid}
mail_home = {root}/mail/%d/%n
mail_location = maildir:~/Maildir
passdb {{
  driver = passwd-file
  args = {root}/users
  mechanisms = plain login
}}
passdb {{
  driver = oauth2
  args = {root}/oauth2.conf.ext
  mechanisms = xoauth2 oauthbearer
}}
userdb {{
  driver = passwd-file
  args = {root}/users
}}
# No chroots (so it also runs unprivileged). Mode 0 removes anvil's penalty socket,
# which disables the growing delays after failed logins.
service ipc {{
  chroot =
}}
service anvil {{
  chroot =
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    port = {imap_port}
  }}
  inet_listener imaps {{
    port = {imaps_port}
    ssl = yes
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = {host}
    port = {lmtp_port}
  }}
}}
"""

OAUTH2_CONFIG = """\
introspection_url = {url}
introspection_mode = post
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
"""


class Dovecot:
    """A private Dovecot (IMAP, IMAPS, LMTP, XOAUTH2) living entirely under `directory`."""

    def __init__(self, directory: str | os.PathLike) -> None:
        self.root = Path(directory).absolute()
        self.conf_path = self.root / "dovecot.conf"
        self.log_path = self.root / "dovecot.log"
        self.users_path = self.root / "users"
        self.imap_port = self.imaps_port = self.lmtp_port = 0
        self.cert_path = self.key_path = None
        self.passwords: dict[str, str] = {}
        self.pid: int | None = None  # Dovecot master, also its process group
        self._proc: subprocess.Popen | None = None
        self._tokens: _TokenServer | None = None
        self._short_base: str | None = None

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> Dovecot:
        """Write the configuration, start `dovecot -F` and wait until IMAP and LMTP listen;
        again on other ports if another test's server took one of them meanwhile."""
        for attempt in range(3):
            try:
                return self._start()
            except RuntimeError as e:
                if "in use" not in str(e) or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _start(self) -> Dovecot:
        binary = find_dovecot()
        if binary is None:
            raise RuntimeError("Dovecot is not installed (need dovecot-imapd, dovecot-lmtpd)")
        for sub in ("state", "mail"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        self.users_path.touch()
        self.cert_path, self.key_path = make_certificate(self.root)
        self.imap_port, self.imaps_port, self.lmtp_port = free_ports(3)
        self._tokens = _TokenServer()
        self._tokens.thread.start()

        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            mail_uid, mail_gid = nobody.pw_uid, nobody.pw_gid
            login_user, internal_user, internal_group = "dovenull", "dovecot", "dovecot"
            os.chown(self.root / "mail", mail_uid, mail_gid)
            _allow_traversal(self.root)
        else:
            me = pwd.getpwuid(os.geteuid())
            mail_uid, mail_gid = me.pw_uid, me.pw_gid
            login_user = internal_user = me.pw_name
            internal_group = grp.getgrgid(me.pw_gid).gr_name
        # Unix socket paths are limited to ~107 bytes; deep tmp dirs need a short base_dir.
        base_dir = self.root / "run"
        if len(str(base_dir)) > 70:
            self._short_base = base_dir = tempfile.mkdtemp(prefix="dovecot-")
        (self.root / "oauth2.conf.ext").write_text(OAUTH2_CONFIG.format(url=self._tokens.url))
        self.conf_path.write_text(CONFIG.format(
            root=self.root, base_dir=base_dir, host=HOST, cert=self.cert_path, key=self.key_path,
            imap_port=self.imap_port, imaps_port=self.imaps_port, lmtp_port=self.lmtp_port,
            mail_uid=mail_uid, mail_gid=mail_gid, login_user=login_user,
            internal_user=internal_user, internal_group=internal_group,
        ))

        self._proc = subprocess.Popen(
            [binary, "-F", "-c", str(self.conf_path)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True, preexec_fn=_die_with_parent,
        )
        self.pid = self._proc.pid
        try:
            wait_for_port(self.imap_port, alive=lambda: self._proc.poll() is None)
            self._greet()
        except Exception as e:
            err = self._proc.stderr.read().decode() if self._proc.poll() is not None else ""
            self.stop()
            raise RuntimeError(f"Dovecot did not start: {e}\n{err}\n{self.log_tail()}") from e
        return self

    def _greet(self) -> None:
        """Talk to every listener once, so each service is fully up (and stops quickly)."""
        IMAPClient(HOST, self.imap_port, ssl=False, timeout=10).logout()
        IMAPClient(HOST, self.imaps_port, ssl_context=self.ssl_context(), timeout=10).logout()
        smtplib.LMTP(HOST, self.lmtp_port, local_hostname="localhost", timeout=10).quit()

    def stop(self, wait: bool = True) -> None:
        """Stop Dovecot and the token server.

        Dovecot's master always sleeps 1 s for its log process on shutdown; with
        `wait=False` that happens in a (non-daemon) thread that Python joins at exit.
        """
        proc, self._proc = self._proc, None
        if self._tokens is not None:
            self._tokens.shutdown()
            self._tokens.server_close()
            self._tokens = None
        if proc is None:
            return
        proc.terminate()
        if wait:
            self._reap(proc, self._short_base)
        else:
            threading.Thread(target=self._reap, args=(proc, self._short_base)).start()
        self._short_base = None

    @staticmethod
    def _reap(proc: subprocess.Popen, short_base: str | None) -> None:
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for pid in process_group(proc.pid):  # stragglers (Dovecot leaves none normally)
            os.kill(pid, signal.SIGKILL)
        proc.stderr.close()
        if short_base is not None:
            shutil.rmtree(short_base, ignore_errors=True)

    def __enter__(self) -> Dovecot:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of Dovecot's log, for error messages."""
        if not self.log_path.exists():
            return "(no log)"
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    # -- users and mail --------------------------------------------------------------------

    def add_user(self, address: str, password: str) -> None:
        """Create a mailbox user; the login name is the full address."""
        if ":" in address + password or "\n" in address + password:
            raise ValueError("':' and newlines are not allowed in passwd-file entries")
        self.passwords[address] = password
        with self.users_path.open("a") as f:
            f.write(f"{address}:{{PLAIN}}{password}::::::\n")

    def add_oauth_token(self, token: str, address: str) -> None:
        """Make `token` a valid XOAUTH2/OAUTHBEARER bearer token for `address`."""
        self._tokens.tokens[token] = address

    def deliver(self, address: str, raw: bytes) -> None:
        """Deliver `raw` into the INBOX of `address` over LMTP."""
        with smtplib.LMTP(HOST, self.lmtp_port, local_hostname="localhost") as lmtp:
            lmtp.sendmail("", [address], raw)

    def ssl_context(self) -> ssl.SSLContext:
        """A client SSL context that trusts this server's certificate."""
        return ssl.create_default_context(cafile=str(self.cert_path))

    def imap(self, address: str, tls: str = "plain") -> IMAPClient:
        """A logged-in IMAPClient; tls is "plain", "starttls" or "imaps"."""
        if tls == "imaps":
            client = IMAPClient(HOST, self.imaps_port, ssl=True, ssl_context=self.ssl_context())
        else:
            client = IMAPClient(HOST, self.imap_port, ssl=False)
            if tls == "starttls":
                client.starttls(self.ssl_context())
        client.login(address, self.passwords[address])
        return client

    def messages(self, address: str, folder: str = "INBOX") -> list[bytes]:
        """Raw bytes of every message in `folder`, in UID order."""
        with self.imap(address) as client:
            client.select_folder(folder, readonly=True)
            uids = client.search("ALL")
            fetched = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
            return [fetched[uid][b"BODY[]"] for uid in sorted(fetched)]

    def folders(self, address: str) -> list[str]:
        """Names of the folders of `address`."""
        with self.imap(address) as client:
            return [name for _flags, _delim, name in client.list_folders()]


class _RelayHandler:
    """aiosmtpd handler: check each recipient, then deliver the message, over LMTP."""

    def __init__(self, relay: SmtpRelay) -> None:
        self.relay = relay

    def _lmtp(self) -> smtplib.LMTP:
        return smtplib.LMTP(HOST, self.relay.dovecot.lmtp_port, local_hostname="localhost")

    def _check_rcpt(self, address: str) -> tuple[int, bytes]:
        with self._lmtp() as lmtp:
            lmtp.ehlo_or_helo_if_needed()
            lmtp.mail("")
            return lmtp.rcpt(address)

    def _deliver(self, sender: str, rcpts: list[str], data: bytes) -> str:
        # One recipient per LMTP transaction: LMTP answers DATA once per recipient.
        try:
            with self._lmtp() as lmtp:
                for rcpt in rcpts:
                    lmtp.sendmail(sender, [rcpt], data)
        except smtplib.SMTPRecipientsRefused as e:
            code, msg = next(iter(e.recipients.values()))
            return f"{code} {msg.decode(errors='replace')}"
        except smtplib.SMTPResponseException as e:
            return f"{e.smtp_code} {e.smtp_error.decode(errors='replace')}"
        except OSError as e:
            return f"451 LMTP delivery failed: {e}"
        return "250 OK delivered"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        code, msg = await asyncio.to_thread(self._check_rcpt, address)
        if code != 250:
            return f"{code} {msg.decode(errors='replace')}"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        reply = await asyncio.to_thread(
            self._deliver, envelope.mail_from, envelope.rcpt_tos, envelope.content
        )
        if reply.startswith("250"):
            self.relay.accepted += 1
        return reply


class SmtpRelay:
    """SMTP server on 127.0.0.1 that delivers every message to Dovecot over LMTP.

    `auth={"user": ..., "password": ...}` requires AUTH PLAIN/LOGIN (over TLS only when
    `starttls=True`); `starttls=True` offers STARTTLS with Dovecot's certificate.
    """

    def __init__(self, dovecot: Dovecot, *, auth: dict | None = None, starttls: bool = False):
        self.dovecot = dovecot
        self.auth = auth
        self.starttls = starttls
        self.port = free_port()
        self._listened = False  # once it has, a restart keeps its port
        self.accepted = 0
        self._controller: Controller | None = None

    def _authenticate(self, server, session, envelope, mechanism, auth_data) -> AuthResult:
        ok = (auth_data.login.decode(), auth_data.password.decode()) == (
            self.auth["user"], self.auth["password"])
        return AuthResult(success=ok, handled=False)

    def start(self) -> SmtpRelay:
        """Start listening (again) on `self.port`."""
        kwargs: dict = {}
        if self.starttls:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(self.dovecot.cert_path, self.dovecot.key_path)
            kwargs["tls_context"] = context
        if self.auth:
            kwargs.update(authenticator=self._authenticate, auth_required=True,
                          auth_require_tls=self.starttls)
        if not self._listened:      # another test's server may have taken it since free_port()
            while not _bindable(self.port):
                self.port = free_port()
        self._controller = Controller(
            _RelayHandler(self), hostname=HOST, port=self.port, server_hostname="relay.test",
            **kwargs,
        )
        self._controller.start()
        self._listened = True
        return self

    def stop(self) -> None:
        """Stop listening; `start()` brings the relay back on the same port."""
        if self._controller is not None:
            self._controller.stop()
            self._controller.loop.close()
            self._controller = None

    def __enter__(self) -> SmtpRelay:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
