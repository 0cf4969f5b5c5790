"""The scripted bots' strategies by level: levels, reading the public record, per-side strategies, speech."""
