"""Hand-written runtime: reads binlog files event by event and decodes row images."""
