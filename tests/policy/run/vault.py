secret = "s3cr3t"
public = "hello"
