"""What happened and who may see it: events with their visibility, the catalogue of event kinds, and the views
(public, god, a seat) that observe them."""
