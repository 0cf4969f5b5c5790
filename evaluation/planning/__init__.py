"""`killer eval --plan`: what a tournament file will play and cost, and the games an interval width needs, from a
pilot run or from scripted play of the scheduled deals."""
