import type { Database } from 'bun:sqlite'
import type { TextIndexSpec } from '../port.ts'

const TEXT_PATH = /^[A-Za-z_][A-Za-z0-9_.]*(\[\](\.[A-Za-z_][A-Za-z0-9_.]*)?)*$/

/**
 * SQL for the text at a path of a JSON document, crossing arrays marked `[]` with json_each:
 * `content.body[].subsections[].content` → every subsection's content of every body section.
 */
export function textExpression(path: string, doc: string): string {
  const parts = path.split('[]')
  if (parts.length === 1) return `coalesce(json_extract(${doc}, '$.${path}'), '')`
  const joins = parts.slice(0, -1).map((seg, i) => {
    const from = i === 0 ? doc : `j${i - 1}.value`
    const at = seg.replace(/^\./, '')
    return `json_each(${from}, '$${at ? `.${at}` : ''}') j${i}`
  })
  const last = parts[parts.length - 1].replace(/^\./, '')
  const inner = `j${parts.length - 2}.value`
  const value = last ? `json_extract(${inner}, '$.${last}')` : inner
  return `coalesce((SELECT group_concat(${value}, ' ') FROM ${joins.join(', ')}), '')`
}

/**
 * A contentless FTS5 table beside the collection (`<name>__text`, rowids shared with it; the text
 * lives only in the documents) and a small table of the declared index fields' values per document
 * (`<name>__textkeys`, `keys` in column order), so a search filter never parses documents. Triggers keep
 * both in step with every insert, update and delete — an API save, a CLI import, a restore. A contentless
 * table forgets a row through FTS5's 'delete' command with the values it indexed, which the triggers
 * recompute from the old document (works on any SQLite with FTS5, unlike `contentless_delete`).
 * Rebuilt from the rows when new, or when its fields or the index fields changed.
 *
 * The same triggers keep the index's words (`<name>__textwords`: each word FTS5 indexed, with how
 * many documents hold it), so a last term of 4 letters or more is matched as the few whole words it
 * starts (text-match.ts) instead of FTS5 merging every such word's list on each search: the words a
 * document holds are read from a one-row scratch index (`<name>__textscratch`, FTS5 with the same
 * tokenizer, emptied after each use), so they are exactly the words the text index holds.
 */
export function createTextIndex(db: Database, collection: string, spec: TextIndexSpec, keys: readonly string[]) {
  const paths = Object.keys(spec.fields)
  if (!paths.length) throw new Error('a text index needs fields')
  for (const p of paths) if (!TEXT_PATH.test(p)) throw new Error(`bad text index path: ${p}`)
  const fts = `${collection}__text`
  const keyTable = `${collection}__textkeys`
  const words = `${collection}__textwords`
  const scratch = `${collection}__textscratch`
  const cols = paths.map((_, i) => `f${i}`).join(', ')
  const keyCols = keys.map((_, i) => `k${i}`)
  // prefix indexes: a last term of 2 or 3 letters reads one list instead of merging every word it starts
  const tokenize = `tokenize = 'unicode61 remove_diacritics 2'`
  const options = `content = '', prefix = '2 3', ${tokenize}`
  const signature = JSON.stringify({ options, paths, keys })
  // the word list's own version: a store indexed before it gets the list without reindexing its text
  const wordsSignature = JSON.stringify({ words: 1, signature })
  db.exec(`CREATE TABLE IF NOT EXISTS "__text_indexes" (name TEXT PRIMARY KEY, signature TEXT NOT NULL)`)
  // how many writes each text index has taken (its triggers count them): ranked windows are kept while it stays
  // and how many documents it holds (bm25's row count: a word in half of them or more weighs nothing)
  db.exec(`CREATE TABLE IF NOT EXISTS "__text_versions" (name TEXT PRIMARY KEY, v INTEGER NOT NULL, rows INTEGER NOT NULL)`)
  const signed = (name: string) => db.query<{ signature: string }, [string]>(`SELECT signature FROM "__text_indexes" WHERE name = ?`).get(name)?.signature
  const sign = (name: string, value: string) => db.query(`INSERT OR REPLACE INTO "__text_indexes" (name, signature) VALUES (?, ?)`).run(name, value)
  const textChanged = signed(collection) !== signature
  if (!textChanged && signed(`${collection}#words`) === wordsSignature) return
  const values = (row: string) => paths.map((p) => textExpression(p, `${row}.doc`)).join(', ')
  const keyValues = (row: string) => [`${row}.rowid`, ...keys.map((k) => `json_extract(${row}.doc, '$.${k}')`)].join(', ')
  // a document's words, once each, into the scratch index and out again (`n` counts the documents holding a word)
  const withWords = (row: string, change: string) =>
    `INSERT INTO "${scratch}" (rowid, ${cols}) VALUES (${row}.rowid, ${values(row)}); ${change} INSERT INTO "${scratch}" ("${scratch}") VALUES ('delete-all');`
  const addWords = (row: string) => withWords(row, `INSERT INTO "${words}" (word, n) SELECT term, 1 FROM "${scratch}_vocab" WHERE true ON CONFLICT (word) DO UPDATE SET n = n + 1;`)
  const dropWords = (row: string) =>
    withWords(row, `UPDATE "${words}" SET n = n - 1 WHERE word IN (SELECT term FROM "${scratch}_vocab"); DELETE FROM "${words}" WHERE n <= 0 AND word IN (SELECT term FROM "${scratch}_vocab");`)
  const bump = (rows: string) => `UPDATE "__text_versions" SET v = v + 1, rows = rows ${rows} WHERE name = '${collection}';`
  const index = (row: string) => `INSERT INTO "${fts}" (rowid, ${cols}) VALUES (${row}.rowid, ${values(row)}); INSERT INTO "${keyTable}" VALUES (${keyValues(row)}); ${addWords(row)}`
  const forget = (row: string) => `INSERT INTO "${fts}" ("${fts}", rowid, ${cols}) VALUES ('delete', ${row}.rowid, ${values(row)}); DELETE FROM "${keyTable}" WHERE rowid = ${row}.rowid; ${dropWords(row)}`
  db.transaction(() => {
    for (const t of ['ai', 'ad', 'au']) db.exec(`DROP TRIGGER IF EXISTS "${fts}_${t}"`)
    if (textChanged) {
      db.exec(`DROP TABLE IF EXISTS "${fts}"`)
      db.exec(`DROP TABLE IF EXISTS "${keyTable}"`)
      db.exec(`CREATE VIRTUAL TABLE "${fts}" USING fts5(${cols}, ${options})`)
      db.exec(`CREATE TABLE "${keyTable}" (rowid INTEGER PRIMARY KEY${keyCols.map((c) => `, ${c}`).join('')})`)
    }
    db.exec(`DROP TABLE IF EXISTS "${scratch}_vocab"`)
    db.exec(`DROP TABLE IF EXISTS "${scratch}"`)
    db.exec(`DROP TABLE IF EXISTS "${words}"`)
    db.exec(`CREATE VIRTUAL TABLE "${scratch}" USING fts5(${cols}, content = '', detail = none, columnsize = 0, ${tokenize})`)
    db.exec(`CREATE VIRTUAL TABLE "${scratch}_vocab" USING fts5vocab("${scratch}", 'row')`)
    db.exec(`CREATE TABLE "${words}" (word TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID`)
    db.exec(`CREATE TRIGGER "${fts}_ai" AFTER INSERT ON "${collection}" BEGIN ${index('new')} ${bump('+ 1')} END`)
    db.exec(`CREATE TRIGGER "${fts}_ad" AFTER DELETE ON "${collection}" BEGIN ${forget('old')} ${bump('- 1')} END`)
    db.exec(`CREATE TRIGGER "${fts}_au" AFTER UPDATE ON "${collection}" BEGIN ${forget('old')} ${index('new')} ${bump('+ 0')} END`)
    if (textChanged) {
      db.exec(`INSERT INTO "${fts}" (rowid, ${cols}) SELECT t.rowid, ${values('t')} FROM "${collection}" t`)
      db.exec(`INSERT INTO "${keyTable}" SELECT ${keyValues('t')} FROM "${collection}" t`)
    }
    // the words of what is indexed, from the text index itself (one pass over it)
    db.exec(`CREATE VIRTUAL TABLE temp."${fts}_vocab" USING fts5vocab(main, "${fts}", 'row')`)
    db.exec(`INSERT INTO "${words}" (word, n) SELECT term, doc FROM temp."${fts}_vocab" WHERE doc > 0`)
    db.exec(`DROP TABLE temp."${fts}_vocab"`)
    const rows = `(SELECT count(*) FROM "${collection}")`
    db.exec(`INSERT INTO "__text_versions" (name, v, rows) VALUES ('${collection}', 0, ${rows}) ON CONFLICT (name) DO UPDATE SET v = v + 1, rows = ${rows}`)
    sign(collection, signature)
    sign(`${collection}#words`, wordsSignature)
  }).immediate()
}
