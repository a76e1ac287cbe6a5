"""The share and keep-score pages of a game and of a family table: one helper for both.

A share page shows a watch link and a keep-score link, each with a QR code; the keep-score
link carries the key in its fragment. A keep-score page takes that key (the page's script
fills it in from the fragment, or it is pasted) and grants this phone. What the two kinds
of page show is in templates/_sharing.html.
"""
from __future__ import annotations

from typing import Callable

import segno
from flask import abort, flash, redirect, render_template
from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import PasswordField
from wtforms.validators import InputRequired

from .http_cache import keep_no_copy


class KeyForm(FlaskForm):
    """The keep-score form: the edit key arrives from the link's fragment, or pasted."""
    key = PasswordField(lazy_gettext("Edit key"), validators=[
        InputRequired(lazy_gettext("Paste the edit key from the keep-score link."))])


def qr_svg(url: str) -> Markup:
    # The light background keeps the code scannable in dark mode.
    return Markup(segno.make(url, error="m").svg_inline(scale=5, light="#ffffff", border=3, omitsize=True))


def share_page(template: str, watch: str, keep_page: str, key: str, **context) -> str:
    """The share page. It shows a key, so no cache may keep it (http_cache.keep_no_copy)."""
    # The key rides in the fragment: browsers never send it to a server, log or Referer.
    keep = keep_page + "#key=" + key
    keep_no_copy()
    return render_template(template, watch=watch, keep=keep, watch_qr=qr_svg(watch),
                           keep_qr=qr_svg(keep), **context)


def keep_score_page(template: str, opens: Callable[[str], bool], remember: Callable[[str], None],
                    done: str, then: str, already: Callable[[], bool], **context):
    """The keep-score page: a key that opens the thing is remembered for this phone (then a
    flash saying `done` and a redirect to `then`); a wrong key is 403; else the form."""
    form = KeyForm()
    if form.validate_on_submit():
        key = form.key.data.strip()
        if not opens(key):
            abort(403)
        remember(key)
        flash(done, "ok")
        return redirect(then)
    return render_template(template, form=form, already=already(), **context)
