"""GitLearnOS domain core.

No I/O happens in this package: no network, no subprocess, no Redis, no
filesystem, no forge client. Every operation takes a normalized
:class:`~bot.intake.events.InboundEvent`, a read-only :class:`~bot.snapshot.RepoSnapshot`,
a clock value and an :class:`~bot.intake.agent.Agent`, and returns a
:class:`~bot.plan.Plan` describing what the edges should do (files to write,
one commit with trailers, replies, the receipt). The worker performs the plan.

Keeping the protocol's rules here, away from HTTP and Git, is what lets them be
unit-tested in milliseconds and reused by every forge and every trigger.
"""
