-- The profiles table seed 003 implies: a Supabase profile per user (id = the auth user's
-- id), whose software_language holds the chosen tag. Idempotent: run at every start.
-- software_language_changed_at is optional: add it to let SupabaseProfileStore and
-- PostgresProfileStore keep the later of two devices' changes (changedAtColumn).
CREATE TABLE IF NOT EXISTS profiles (
    id uuid PRIMARY KEY,
    full_name text,
    software_language text,
    software_language_changed_at timestamptz
);

-- For the ambiguous-profile test only: a table whose id is not unique, so `.single()` can
-- find two rows.
CREATE TABLE IF NOT EXISTS profiles_without_key (
    id uuid NOT NULL,
    software_language text
);
