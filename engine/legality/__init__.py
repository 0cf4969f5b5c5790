"""Whether an answer is legal: an action checked against the request it answers (validate.py), and a speech's
public claim checked for form, never for truth (claims.py). Each refusal is an IllegalActionError naming the rule."""
