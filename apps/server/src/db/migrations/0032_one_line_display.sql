-- one_line_display(text): the contract's oneLineDisplay (packages/contract/src/text.ts) in SQL, for a name a
-- statement reads and quotes in a notification's stored text itself (the transfer by session, decision 030: the
-- sender's name; the transfer's recipient name). Controls and line separators become a space, bidi controls and
-- zero-width characters are dropped, runs of spaces become one, the ends are trimmed of what JavaScript's trim()
-- trims, NFC. test/one-line-text.test.ts holds it to the JavaScript function, character by character.
CREATE FUNCTION one_line_display(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT normalize(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(t, '[\u0001-\u001f\u007f-\u009f\u2028\u2029]', ' ', 'g'),
          '[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]', '', 'g'),
        ' {2,}', ' ', 'g'),
      '^[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+|[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+$', '', 'g'),
    NFC)
$$;
