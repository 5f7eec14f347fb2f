-- The one author of the team rows a deleted account leaves with its teams (issue 30, decision 007): nobody can sign in
-- as it (its password hash is no hash, so no password matches; its username and email are ones registration refuses),
-- and nobody belongs to a team as it.
INSERT INTO `users` (`username`, `username_key`, `email`, `password_hash`, `first_name`, `last_name`) VALUES ('(former member)', '(former member)', '(former member)', '!', '', '');
