-- The one author of the team rows a deleted account leaves with its teams (issue 30, decision 007): nobody can sign in
-- as it (no username, email or password anyone can give: each is refused before it is compared), nobody belongs to a team as it.
INSERT INTO `users` (`username`, `username_key`, `email`, `password_hash`, `first_name`, `last_name`) VALUES ('', '', '', '!', '', '');
