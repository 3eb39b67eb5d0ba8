-- Rows installed before keep the uploaded bytes (false): the app cleans each the first time it
-- fills from it (issue 36).
ALTER TABLE "fvf_templates" ADD COLUMN "is_cleaned" boolean DEFAULT false NOT NULL;
