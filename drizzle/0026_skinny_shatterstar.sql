CREATE TABLE "chat_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_photos" ADD CONSTRAINT "chat_photos_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_photos" ADD CONSTRAINT "chat_photos_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_photos_message_idx" ON "chat_photos" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_photos_conversation_idx" ON "chat_photos" USING btree ("conversation_id");