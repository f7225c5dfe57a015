"""Protocol operations. Each is a pure function returning a :class:`~bot.plan.Plan`."""
