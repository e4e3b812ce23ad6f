/* eslint-disable */
/**
 * Generated from schemas/people.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * The members of the circle (PEOPLE_FILE, default ./people.json when present): each signs in with a personal code, of which only a slow salted hash is kept here. While this file exists a chat belongs to the person who started it. Written by `npm run people:add`, checked by `npm run people:check`; a running server reads every change.
 */
export interface PeopleFile {
  /**
   * Editor hint only, ignored at run time.
   */
  $schema?: string;
  /**
   * @maxItems 200
   */
  people: Person[];
}
/**
 * One member of the circle.
 *
 * This interface was referenced by `PeopleFile`'s JSON-Schema
 * via the `definition` "Person".
 */
export interface Person {
  /**
   * Unique, stable id: stored as the owner of this person's chats and named in an agent's `audience`. Lower-case letters, digits and dashes; "guest" is reserved for the shared code's guest space.
   */
  id: string;
  /**
   * How the site greets this person ({name} in a greeting, the hub) and names them to others ("Shared by Anna").
   */
  firstName: string;
  /**
   * scrypt$N$r$p$salt$hash of the personal code (salt and hash in base64url), as `npm run people:add` writes it. Replacing it signs the person out everywhere.
   */
  codeHash: string;
}
