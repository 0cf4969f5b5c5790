"""Asking the person: a list of the legal choices, a text box, a confirm step: one input model for all of them,
one screen a module (docked: the panel under the table; choice_list, speech, confirm, notice; entry: what a
typed entry names).

A list moves with the arrows, Home and End; typing a seat's number (or, on a list of other things, an item's
number or first letters) moves the highlight there; Enter chooses the highlighted item; Esc goes back a step where
there is one (else hides the list to read the table); ? opens the help; PgUp/PgDn scroll the feed. A refused entry
says why in one sentence (words.refusals, the judge's rule) and changes nothing else: the highlight goes back where
it was, the arrows still move it. A text box keeps the same keys (? types a ? once the box holds text; F1 always
helps). The judge checks every answer again anyway (the orchestrator re-asks on refusal).
"""
