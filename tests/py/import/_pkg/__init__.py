pkg_attr = "from package init"
print("_pkg init")
