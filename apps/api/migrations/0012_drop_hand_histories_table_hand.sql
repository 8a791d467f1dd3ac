-- The (table_id, hand_number) index repeated the primary key (`<table>:<hand>`) and no
-- query read it; dropping it saves every hand one index page and one billed row write.
DROP INDEX `hand_histories_table_hand`;