"""What people and models read: the one narrator and its phrases (en/zh), the rules card, the role briefs and
what each answer decides. Pure: imports the engine and hygiene only."""
