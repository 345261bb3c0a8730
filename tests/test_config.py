"""The configuration: defaults, the commented example, and errors that name the key."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pbem.config import ConfigError, config_from_dict, load_config

EXAMPLE = Path(__file__).parent.parent / "config.example.yaml"


def problems(data) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        config_from_dict(data)
    return caught.value.problems


def test_without_a_file_the_defaults_are_local_maildirs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PBEM_CONFIG", raising=False)
    config = load_config()
    assert config.mail_in.transport == "maildir" and config.mail_out.transport == "maildir"
    assert config.database == tmp_path / "pbem-data" / "pbem.db"
    assert config.mail_in.maildir.path == tmp_path / "pbem-data" / "mail" / "inbox"


def test_the_example_configuration_loads_and_its_paths_are_taken_from_its_folder(tmp_path):
    copy = tmp_path / "pbem.yaml"
    copy.write_text(EXAMPLE.read_text())
    config = load_config(copy)
    assert config.moderator.address == "moderator@example.org"
    assert config.mail_in.imap.processed_folder == "pbem-processed"
    assert config.mail_out.smtp.default_port() == 587
    assert config.database == tmp_path / "pbem-data" / "pbem.db"


def test_pbem_config_names_the_file(tmp_path, monkeypatch):
    path = tmp_path / "elsewhere.yaml"
    path.write_text(yaml.safe_dump({"moderator": {"address": "m@x.test"}}))
    monkeypatch.setenv("PBEM_CONFIG", str(path))
    assert load_config().moderator.address == "m@x.test"


def test_an_unknown_key_is_an_error_naming_it_and_the_keys_expected():
    (problem,) = problems({"mail_in": {"imap": {"host": "h", "hots": "h"}}})
    assert problem.startswith("mail_in.imap.hots: unknown key (expected one of: host, port")


def test_every_fault_is_reported_at_once_with_what_was_expected():
    found = problems({
        "mail_in": {"transport": "pop3", "imap": {"port": "nine", "security": "ssl"}},
        "mail_out": {"transport": "smtp"},
        "timezone": "Mars/Olympus",
        "gm_address": "nobody",
    })
    assert "mail_in.transport: expected one of maildir, imap, got 'pop3'" in found
    assert "mail_in.imap.port: expected a whole number of at least 0, got 'nine'" in found
    assert "mail_in.imap.security: expected one of tls, starttls, none, got 'ssl'" in found
    assert "mail_in.imap.host: required" in found
    assert "mail_out.smtp: required when mail_out.transport is smtp" in found
    assert any(p.startswith("timezone: unknown time zone 'Mars/Olympus'") for p in found)
    assert "gm_address: expected a mail address, got 'nobody'" in found


def test_a_file_that_is_not_yaml_is_an_error(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("moderator: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(path)


def test_the_password_comes_from_the_environment_or_a_file_never_the_yaml(tmp_path,
                                                                          monkeypatch):
    secret_file = tmp_path / "password"
    secret_file.write_text("from-the-file\n")
    config = config_from_dict({"mail_in": {"transport": "imap", "imap": {
        "host": "h", "auth": {"user": "u", "password_file": str(secret_file)}}}})
    assert config.mail_in.imap.auth.password() == "from-the-file"
    monkeypatch.setenv("MY_PASSWORD", "from-the-env")
    config = config_from_dict({"mail_out": {"transport": "smtp", "smtp": {
        "host": "h", "auth": {"user": "u", "password_env": "MY_PASSWORD"}}}})
    assert config.mail_out.smtp.auth.password() == "from-the-env"
    assert "mail_in.imap.auth.password: unknown key" in problems(
        {"mail_in": {"imap": {"host": "h", "auth": {"password": "plain"}}}})[0]
