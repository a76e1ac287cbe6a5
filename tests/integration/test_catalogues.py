"""The .po catalogues compile themselves when the app starts: a fresh clone or a wheel needs no
build step, and a read-only install compiles into the instance folder."""
import gettext
import os
import shutil
from types import SimpleNamespace

from scorekeeper import i18n


def copy_sources(tmp_path):
    sources = tmp_path / "translations"
    shutil.copytree(i18n.SOURCES, sources, ignore=shutil.ignore_patterns("*.mo"))
    return sources


def test_compiles_a_missing_mo_once_and_again_when_the_po_changes(tmp_path):
    sources = copy_sources(tmp_path)
    target = tmp_path / "compiled"
    (mo,) = i18n.compile_catalogues(sources, target)
    assert mo == target / "pl" / "LC_MESSAGES" / "messages.mo"
    polish = gettext.GNUTranslations(mo.open("rb"))
    assert polish.gettext("Rules") == "Zasady"
    assert polish.ngettext("{n} rule matches.", "{n} rules match.", 5) == "{n} zasad pasuje."
    assert i18n.compile_catalogues(sources, target) == []  # up to date: nothing written
    po = sources / "pl" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Zasady"', 'msgstr "Reguły"'),
                  encoding="utf-8")
    os.utime(po, (mo.stat().st_mtime + 5,) * 2)
    assert i18n.compile_catalogues(sources, target) == [mo]
    assert gettext.GNUTranslations(mo.open("rb")).gettext("Rules") == "Reguły"


def test_a_read_only_install_compiles_into_the_instance_folder(tmp_path, monkeypatch):
    sources = copy_sources(tmp_path)
    monkeypatch.setattr(i18n, "SOURCES", sources)
    app = SimpleNamespace(instance_path=str(tmp_path / "instance"))
    assert i18n.catalogue_dir(app) == sources  # writable: beside the .po files
    monkeypatch.setattr(i18n.os, "access", lambda path, mode: False)  # as a root-owned site-packages
    assert i18n.catalogue_dir(app) == tmp_path / "instance" / "translations"


def test_the_app_reads_catalogues_from_wherever_they_were_compiled(tmp_path, monkeypatch,
                                                                  make_app, database_url):
    elsewhere = tmp_path / "instance" / "translations"
    monkeypatch.setattr(i18n, "catalogue_dir", lambda app: elsewhere)
    app = make_app(database_url)
    assert (elsewhere / "pl" / "LC_MESSAGES" / "messages.mo").exists()
    assert app.config["BABEL_TRANSLATION_DIRECTORIES"] == str(elsewhere)
    html = app.test_client().get("/rules/classic", headers={"Accept-Language": "pl"}).get_data(True)
    assert '<html lang="pl">' in html and "<h2>Talia</h2>" in html
