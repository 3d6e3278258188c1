"""PySpark data source and extraction job for binlog files."""
