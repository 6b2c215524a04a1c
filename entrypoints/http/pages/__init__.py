"""The webapp's pages as the server knows them: the route table and the share tags."""
