"""Voiced bots (`scripted:LEVEL+voice`): a scripted bot decides everything, a model words its speeches from the
bot's intent, and the speech reader checks the words say what the intent says (docs/bots.md, "Voiced bots")."""
