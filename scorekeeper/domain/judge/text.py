"""The judge's texts: `Text` and its markers live in `domain.text`, shared with the card and
edition errors that reach the judge."""
from ..text import N_, Nn_, Text, as_text, plain, say, say_in, say_n

__all__ = ["N_", "Nn_", "Text", "as_text", "plain", "say", "say_in", "say_n"]
