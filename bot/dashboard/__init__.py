"""The generated dashboard: page, record-driven sections, knowledge map and progress chart."""
