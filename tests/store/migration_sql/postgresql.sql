-- upgrade to 0001

CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL,
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
)

CREATE TABLE game_tables (
	id VARCHAR(32) NOT NULL,
	game VARCHAR(32) NOT NULL,
	options JSON NOT NULL,
	players INTEGER NOT NULL,
	seed BIGINT NOT NULL,
	order_seed BIGINT NOT NULL,
	status VARCHAR(16) NOT NULL,
	host INTEGER,
	created_at FLOAT NOT NULL,
	started_at FLOAT,
	finished_at FLOAT,
	result JSON,
	version INTEGER NOT NULL,
	PRIMARY KEY (id)
)

CREATE INDEX ix_game_tables_status ON game_tables (status)

CREATE TABLE seats (
	table_id VARCHAR(32) NOT NULL,
	seat INTEGER NOT NULL,
	kind VARCHAR(8) NOT NULL,
	name VARCHAR(64) NOT NULL,
	token_hash VARCHAR(64),
	level VARCHAR(16),
	has_left BOOLEAN NOT NULL,
	PRIMARY KEY (table_id, seat),
	FOREIGN KEY(table_id) REFERENCES game_tables (id) ON DELETE CASCADE
)

CREATE TABLE actions (
	table_id VARCHAR(32) NOT NULL,
	idx INTEGER NOT NULL,
	seat INTEGER NOT NULL,
	action VARCHAR(256) NOT NULL,
	at FLOAT NOT NULL,
	PRIMARY KEY (table_id, idx),
	FOREIGN KEY(table_id) REFERENCES game_tables (id) ON DELETE CASCADE
)

INSERT INTO alembic_version (version_num) VALUES ('0001') RETURNING alembic_version.version_num

-- upgrade to 0002

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE game_tables ALTER COLUMN seed TYPE VARCHAR(160) USING seed::text

ALTER TABLE game_tables ADD COLUMN touched_at FLOAT

ALTER TABLE game_tables ADD COLUMN created_by VARCHAR(64)

CREATE INDEX ix_game_tables_created_by ON game_tables (created_by)

UPDATE game_tables SET touched_at = created_at

ALTER TABLE seats ADD COLUMN auto_pass BOOLEAN DEFAULT false NOT NULL

UPDATE alembic_version SET version_num='0002' WHERE alembic_version.version_num = '0001'

-- upgrade to 0003

SELECT alembic_version.version_num
FROM alembic_version

CREATE TABLE leases (
	table_id VARCHAR(32) NOT NULL,
	owner VARCHAR(64) NOT NULL,
	token BIGINT NOT NULL,
	expires_at FLOAT NOT NULL,
	PRIMARY KEY (table_id),
	FOREIGN KEY(table_id) REFERENCES game_tables (id) ON DELETE CASCADE
)

UPDATE alembic_version SET version_num='0003' WHERE alembic_version.version_num = '0002'

-- upgrade to 0004

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE game_tables ADD COLUMN spectator_chat BOOLEAN DEFAULT true NOT NULL

CREATE TABLE chat_messages (
	table_id VARCHAR(32) NOT NULL,
	seq INTEGER NOT NULL,
	at FLOAT NOT NULL,
	seat INTEGER,
	name VARCHAR(64) NOT NULL,
	spectator BOOLEAN NOT NULL,
	text VARCHAR(1200) NOT NULL,
	PRIMARY KEY (table_id, seq),
	FOREIGN KEY(table_id) REFERENCES game_tables (id) ON DELETE CASCADE
)

UPDATE alembic_version SET version_num='0004' WHERE alembic_version.version_num = '0003'

-- upgrade to 0005

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE game_tables ADD COLUMN rematch_of VARCHAR(32)

ALTER TABLE game_tables ADD COLUMN rematch VARCHAR(32)

ALTER TABLE seats ADD COLUMN invite_hash VARCHAR(64)

UPDATE alembic_version SET version_num='0005' WHERE alembic_version.version_num = '0004'

-- upgrade to 0006

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE game_tables ADD COLUMN clock JSON

ALTER TABLE actions ADD COLUMN clock TEXT

UPDATE alembic_version SET version_num='0006' WHERE alembic_version.version_num = '0005'

-- upgrade to 0007

SELECT alembic_version.version_num
FROM alembic_version

CREATE TABLE snapshots (
	table_id VARCHAR(32) NOT NULL,
	version INTEGER NOT NULL,
	state TEXT NOT NULL,
	log TEXT NOT NULL,
	at FLOAT NOT NULL,
	PRIMARY KEY (table_id),
	FOREIGN KEY(table_id) REFERENCES game_tables (id) ON DELETE CASCADE
)

UPDATE alembic_version SET version_num='0007' WHERE alembic_version.version_num = '0006'

-- upgrade to 0008

SELECT alembic_version.version_num
FROM alembic_version

CREATE TABLE accounts (
	id VARCHAR(32) NOT NULL,
	username VARCHAR(64) NOT NULL,
	username_key VARCHAR(128) NOT NULL,
	password_hash VARCHAR(256) NOT NULL,
	created_at FLOAT NOT NULL,
	PRIMARY KEY (id),
	UNIQUE (username_key)
)

CREATE TABLE sessions (
	id_hash VARCHAR(64) NOT NULL,
	account_id VARCHAR(32) NOT NULL,
	created_at FLOAT NOT NULL,
	expires_at FLOAT NOT NULL,
	PRIMARY KEY (id_hash),
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
)

CREATE INDEX ix_sessions_account_id ON sessions (account_id)

ALTER TABLE seats ADD COLUMN account_id VARCHAR(32)

CREATE INDEX ix_seats_account_id ON seats (account_id)

UPDATE alembic_version SET version_num='0008' WHERE alembic_version.version_num = '0007'

-- upgrade to 0009

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE game_tables ADD COLUMN rated BOOLEAN DEFAULT false NOT NULL

ALTER TABLE seats ADD COLUMN rating INTEGER

CREATE TABLE ratings (
	account_id VARCHAR(32) NOT NULL,
	game VARCHAR(32) NOT NULL,
	mu FLOAT NOT NULL,
	sigma FLOAT NOT NULL,
	games INTEGER NOT NULL,
	wins INTEGER NOT NULL,
	updated_at FLOAT NOT NULL,
	PRIMARY KEY (account_id, game),
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
)

CREATE TABLE rating_updates (
	table_id VARCHAR(32) NOT NULL,
	account_id VARCHAR(32) NOT NULL,
	game VARCHAR(32) NOT NULL,
	seat INTEGER NOT NULL,
	rank INTEGER NOT NULL,
	mu_before FLOAT NOT NULL,
	sigma_before FLOAT NOT NULL,
	mu_after FLOAT NOT NULL,
	sigma_after FLOAT NOT NULL,
	at FLOAT NOT NULL,
	PRIMARY KEY (table_id, account_id),
	FOREIGN KEY(table_id) REFERENCES game_tables (id) ON DELETE CASCADE,
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
)

CREATE INDEX ix_rating_updates_at ON rating_updates (at)

UPDATE alembic_version SET version_num='0009' WHERE alembic_version.version_num = '0008'

-- upgrade to 0010

SELECT alembic_version.version_num
FROM alembic_version

CREATE TABLE friends (
	account_id VARCHAR(32) NOT NULL,
	friend_id VARCHAR(32) NOT NULL,
	created_at FLOAT NOT NULL,
	PRIMARY KEY (account_id, friend_id),
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE,
	FOREIGN KEY(friend_id) REFERENCES accounts (id) ON DELETE CASCADE
)

CREATE TABLE invitations (
	table_id VARCHAR(32) NOT NULL,
	account_id VARCHAR(32) NOT NULL,
	by_name VARCHAR(64) NOT NULL,
	at FLOAT NOT NULL,
	PRIMARY KEY (table_id, account_id),
	FOREIGN KEY(table_id) REFERENCES game_tables (id) ON DELETE CASCADE,
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
)

UPDATE alembic_version SET version_num='0010' WHERE alembic_version.version_num = '0009'

-- upgrade to 0011

SELECT alembic_version.version_num
FROM alembic_version

CREATE FUNCTION open_tables_locked(creator TEXT) RETURNS BIGINT LANGUAGE sql VOLATILE AS $$ SELECT pg_advisory_xact_lock(hashtext(coalesce(creator, ''))); SELECT count(*) FROM game_tables WHERE status = 'open' AND created_by = creator; $$

UPDATE alembic_version SET version_num='0011' WHERE alembic_version.version_num = '0010'

-- upgrade to 0012

SELECT alembic_version.version_num
FROM alembic_version

CREATE TABLE set_aside_actions (
	table_id VARCHAR(32) NOT NULL,
	idx INTEGER NOT NULL,
	seat INTEGER NOT NULL,
	action VARCHAR(256) NOT NULL,
	at FLOAT NOT NULL,
	clock TEXT,
	set_aside_at FLOAT NOT NULL,
	PRIMARY KEY (table_id, idx),
	FOREIGN KEY(table_id) REFERENCES game_tables (id) ON DELETE CASCADE
)

UPDATE alembic_version SET version_num='0012' WHERE alembic_version.version_num = '0011'

-- upgrade to 0013

SELECT alembic_version.version_num
FROM alembic_version

CREATE TABLE username_keys (
	key VARCHAR(255) NOT NULL,
	account_id VARCHAR(32) NOT NULL,
	PRIMARY KEY (key),
	FOREIGN KEY(account_id) REFERENCES accounts (id) ON DELETE CASCADE
)

CREATE INDEX ix_username_keys_account_id ON username_keys (account_id)

SELECT accounts.id, accounts.username
FROM accounts ORDER BY accounts.created_at, accounts.id

ALTER TABLE accounts DROP COLUMN username_key

CREATE INDEX ix_accounts_username ON accounts (username)

UPDATE alembic_version SET version_num='0013' WHERE alembic_version.version_num = '0012'

-- upgrade to 0014

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE seats ADD COLUMN left_version INTEGER

UPDATE alembic_version SET version_num='0014' WHERE alembic_version.version_num = '0013'

-- downgrade from 0014

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE seats DROP COLUMN left_version

UPDATE alembic_version SET version_num='0013' WHERE alembic_version.version_num = '0014'

-- downgrade from 0013

SELECT alembic_version.version_num
FROM alembic_version

DROP INDEX ix_accounts_username

ALTER TABLE accounts ADD COLUMN username_key VARCHAR(128)

SELECT accounts.id, accounts.username
FROM accounts ORDER BY accounts.created_at, accounts.id

ALTER TABLE accounts ALTER COLUMN username_key SET NOT NULL

ALTER TABLE accounts ADD CONSTRAINT uq_accounts_username_key UNIQUE (username_key)

DROP INDEX ix_username_keys_account_id

DROP TABLE username_keys

UPDATE alembic_version SET version_num='0012' WHERE alembic_version.version_num = '0013'

-- downgrade from 0012

SELECT alembic_version.version_num
FROM alembic_version

DROP TABLE set_aside_actions

UPDATE alembic_version SET version_num='0011' WHERE alembic_version.version_num = '0012'

-- downgrade from 0011

SELECT alembic_version.version_num
FROM alembic_version

DROP FUNCTION open_tables_locked(TEXT)

UPDATE alembic_version SET version_num='0010' WHERE alembic_version.version_num = '0011'

-- downgrade from 0010

SELECT alembic_version.version_num
FROM alembic_version

DROP TABLE invitations

DROP TABLE friends

UPDATE alembic_version SET version_num='0009' WHERE alembic_version.version_num = '0010'

-- downgrade from 0009

SELECT alembic_version.version_num
FROM alembic_version

DROP INDEX ix_rating_updates_at

DROP TABLE rating_updates

DROP TABLE ratings

ALTER TABLE seats DROP COLUMN rating

ALTER TABLE game_tables DROP COLUMN rated

UPDATE alembic_version SET version_num='0008' WHERE alembic_version.version_num = '0009'

-- downgrade from 0008

SELECT alembic_version.version_num
FROM alembic_version

DROP INDEX ix_seats_account_id

ALTER TABLE seats DROP COLUMN account_id

DROP INDEX ix_sessions_account_id

DROP TABLE sessions

DROP TABLE accounts

UPDATE alembic_version SET version_num='0007' WHERE alembic_version.version_num = '0008'

-- downgrade from 0007

SELECT alembic_version.version_num
FROM alembic_version

DROP TABLE snapshots

UPDATE alembic_version SET version_num='0006' WHERE alembic_version.version_num = '0007'

-- downgrade from 0006

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE actions DROP COLUMN clock

ALTER TABLE game_tables DROP COLUMN clock

UPDATE alembic_version SET version_num='0005' WHERE alembic_version.version_num = '0006'

-- downgrade from 0005

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE seats DROP COLUMN invite_hash

ALTER TABLE game_tables DROP COLUMN rematch

ALTER TABLE game_tables DROP COLUMN rematch_of

UPDATE alembic_version SET version_num='0004' WHERE alembic_version.version_num = '0005'

-- downgrade from 0004

SELECT alembic_version.version_num
FROM alembic_version

DROP TABLE chat_messages

ALTER TABLE game_tables DROP COLUMN spectator_chat

UPDATE alembic_version SET version_num='0003' WHERE alembic_version.version_num = '0004'

-- downgrade from 0003

SELECT alembic_version.version_num
FROM alembic_version

DROP TABLE leases

UPDATE alembic_version SET version_num='0002' WHERE alembic_version.version_num = '0003'

-- downgrade from 0002

SELECT alembic_version.version_num
FROM alembic_version

ALTER TABLE seats DROP COLUMN auto_pass

DROP INDEX ix_game_tables_created_by

ALTER TABLE game_tables DROP COLUMN created_by

ALTER TABLE game_tables DROP COLUMN touched_at

ALTER TABLE game_tables ALTER COLUMN seed TYPE BIGINT USING seed::bigint

UPDATE alembic_version SET version_num='0001' WHERE alembic_version.version_num = '0002'

-- downgrade from 0001

SELECT alembic_version.version_num
FROM alembic_version

DROP TABLE actions

DROP TABLE seats

DROP INDEX ix_game_tables_status

DROP TABLE game_tables

DELETE FROM alembic_version WHERE alembic_version.version_num = '0001'

