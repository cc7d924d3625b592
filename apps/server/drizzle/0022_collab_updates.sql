CREATE TABLE "collab_updates" (
	"document" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "collab_updates_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collab_updates_document_seq_pk" PRIMARY KEY("document","seq")
);
