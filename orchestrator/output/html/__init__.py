"""The replay page: one self-contained HTML file of a game (`killer render --html`), and the index of a run's pages."""
