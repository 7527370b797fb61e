raise ValueError("module failed to import")
