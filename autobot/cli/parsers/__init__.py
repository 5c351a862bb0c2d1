"""Each command's parser (`register(subparsers)`), apart from its runner: building `autobot`'s
parser imports these alone, and a command's runner module (`autobot.cli.<name>`, which imports
what it plays with at module level) only when that command runs."""
