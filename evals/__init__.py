"""GitLearnOS evaluations: the protocol's conformance scenarios as runnable code, and the sandbox forge."""
