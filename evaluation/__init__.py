"""Tournaments, metrics, ratings, reports and balance simulation over many games."""
