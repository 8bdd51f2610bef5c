-- An optional name for a video (docs/product.md#web-client): the library and the player show it instead of the raw id.
-- The contract (videoTitle) trims it and refuses invisible characters; the check keeps the length honest.
ALTER TABLE "videos" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_title_length" CHECK ("title" IS NULL OR char_length("title") BETWEEN 1 AND 120);
