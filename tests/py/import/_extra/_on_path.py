where = "on the added path"
