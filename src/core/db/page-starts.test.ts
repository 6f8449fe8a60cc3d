import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, readTx, type Database } from './connection.js';
import { OrderedList, orderKeys } from './page-starts.js';
import { updatedColumns } from './written-tables.js';

describe('remembered page starts', () => {
  let dir: string;
  let db: Database;
  let other: Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hostctl-page-starts-'));
    db = openDatabase(join(dir, 'state.db'));
    // Keys with many ties, so that a start is a (k, id) pair and not k alone.
    db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, k TEXT NOT NULL); CREATE INDEX items_k ON items (k, id);');
    const insert = db.prepare('INSERT INTO items (k) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 300; i++) insert.run(`k${(i * 7) % 13}`);
    })();
    other = openDatabase(join(dir, 'state.db'));
  });
  afterEach(() => {
    db.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = (descending: boolean) => new OrderedList(db, `items ${descending}`, ['k', 'id'], descending);
  const order = (descending: boolean) => (descending ? 'k DESC, id DESC' : 'k ASC, id ASC');

  /** A page read through the remembered starts, as the lists read theirs. */
  const page = (descending: boolean, offset: number, limit = 20): number[] => {
    const starts = list(descending);
    return readTx(db, () =>
      starts
        .window(limit, offset, (seek, n) =>
          db
            .prepare(`SELECT id, ${starts.keyColumns} FROM items WHERE 1${seek.condition} ORDER BY ${order(descending)} LIMIT ? OFFSET ?`)
            .all(seek.params, n, seek.offset) as { id: number }[],
        )
        .map((r) => r.id),
    );
  };
  /** The same page by plain OFFSET. */
  const plain = (descending: boolean, offset: number, limit = 20): number[] =>
    (db.prepare(`SELECT id FROM items ORDER BY ${order(descending)} LIMIT ? OFFSET ?`).all(limit, offset) as { id: number }[]).map((r) => r.id);

  it('answers every page as OFFSET does, in whatever order pages are asked, both directions', () => {
    for (const descending of [false, true]) {
      const offsets = [0, 20, 140, 40, 60, 160, 280, 20, 300, 100, 120, 100, 260, 275, 3];
      for (const offset of offsets) expect(page(descending, offset)).toEqual(plain(descending, offset));
    }
  });

  it('seeks from the nearest remembered start at or before the offset', () => {
    page(false, 100);
    const starts = list(false);
    // The page read and the one after it are remembered; a later offset skips only the rows between.
    expect(readTx(db, () => starts.seek(100)).offset).toBe(0);
    expect(readTx(db, () => starts.seek(120)).offset).toBe(0);
    expect(readTx(db, () => starts.seek(130))).toMatchObject({ offset: 10, condition: ' AND (k, id) >= (@seek0, @seek1)' });
    // Before the first remembered start: from the list's start.
    expect(readTx(db, () => starts.seek(50))).toEqual({ condition: '', params: {}, offset: 50 });
  });

  it('forgets every start when another connection commits (another process)', () => {
    expect(page(false, 100)).toEqual(plain(false, 100));
    // Rows before the remembered start go: the page at 100 now starts further on.
    const first = plain(false, 0, 5);
    other.prepare(`DELETE FROM items WHERE id IN (${first.join(',')})`).run();
    expect(readTx(db, () => list(false).seek(100)).condition).toBe('');
    expect(page(false, 100)).toEqual(plain(false, 100));
  });

  it('forgets every start when its own connection writes', () => {
    expect(page(true, 200)).toEqual(plain(true, 200));
    db.prepare("INSERT INTO items (k) VALUES ('k99')").run();
    expect(page(true, 200)).toEqual(plain(true, 200));
  });

  describe('after a write of its own connection', () => {
    beforeEach(() => {
      db.exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
        CREATE TABLE owners (id INTEGER PRIMARY KEY);
        CREATE TABLE owned (id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owners (id) ON DELETE CASCADE, item_id INTEGER);
        CREATE TABLE feed (id INTEGER PRIMARY KEY, k TEXT);
        CREATE TRIGGER feed_items AFTER INSERT ON feed BEGIN INSERT INTO items (k) VALUES (NEW.k); END;
        CREATE TRIGGER owned_items AFTER DELETE ON owned BEGIN DELETE FROM items WHERE id = OLD.item_id; END;
        INSERT INTO owners (id) VALUES (1);`);
      db.prepare('INSERT INTO owned (owner_id, item_id) VALUES (1, ?)').run(plain(true, 0, 1)[0]);
    });
    const remembered = (descending: boolean, offset: number) => readTx(db, () => list(descending).seek(offset)).condition !== '';

    it('keeps the starts when the write touches no table the list reads', () => {
      expect(page(true, 200)).toEqual(plain(true, 200));
      db.prepare("INSERT INTO notes (body) VALUES ('x')").run();
      db.prepare("UPDATE notes SET body = 'y'").run();
      expect(remembered(true, 200)).toBe(true);
      expect(page(true, 200)).toEqual(plain(true, 200));
    });

    it('forgets them when the write reaches the list through a trigger or a cascade', () => {
      expect(page(true, 200)).toEqual(plain(true, 200));
      db.prepare("INSERT INTO feed (k) VALUES ('k0')").run();
      expect(remembered(true, 200)).toBe(false);
      expect(page(true, 200)).toEqual(plain(true, 200));
      db.prepare('DELETE FROM owners WHERE id = 1').run();
      expect(remembered(true, 200)).toBe(false);
      expect(page(true, 200)).toEqual(plain(true, 200));
    });

    describe('of a list that names the columns it depends on', () => {
      beforeEach(() => {
        db.exec(`ALTER TABLE items ADD COLUMN label TEXT;
          CREATE TABLE labels_seen (id INTEGER PRIMARY KEY, label TEXT);
          CREATE TRIGGER items_label AFTER UPDATE OF label ON items BEGIN INSERT INTO labels_seen (label) VALUES (NEW.label); END;`);
      });
      const columns = { items: ['id', 'k'] };
      const keyed = () => new OrderedList(db, 'items, k decides', ['k', 'id'], true, true, columns);
      const read = (offset: number): number[] => {
        const starts = keyed();
        return readTx(db, () =>
          starts
            .window(20, offset, (seek, n) => db.prepare(`SELECT id, ${starts.keyColumns} FROM items WHERE 1${seek.condition} ORDER BY k DESC, id DESC LIMIT ? OFFSET ?`).all(seek.params, n, seek.offset) as { id: number }[])
            .map((r) => r.id),
        );
      };
      const kept = (offset: number) => readTx(db, () => keyed().seek(offset)).condition !== '';

      it('keeps its starts across an UPDATE of the table that sets none of them', () => {
        expect(read(200)).toEqual(plain(true, 200));
        db.prepare("UPDATE items SET label = 'x' WHERE id = ?").run(plain(true, 0, 1)[0]);
        db.prepare('UPDATE items SET label = upper(label), label = lower(label) WHERE id > 250').run();
        expect(kept(200)).toBe(true);
        expect(read(200)).toEqual(plain(true, 200));
      });

      it('forgets them when an UPDATE sets one of them, or its assignments cannot be read', () => {
        expect(read(200)).toEqual(plain(true, 200));
        db.prepare("UPDATE items SET label = 'x', k = 'k00' WHERE id = ?").run(plain(true, 0, 1)[0]);
        expect(kept(200)).toBe(false);
        expect(read(200)).toEqual(plain(true, 200));
        db.prepare("UPDATE items SET (label, k) = ('y', 'k01') WHERE id = ?").run(plain(true, 0, 1)[0]);
        expect(kept(200)).toBe(false);
        expect(read(200)).toEqual(plain(true, 200));
      });

      describe('when a trigger writes the table itself', () => {
        beforeEach(() => {
          // Flagging a row moves it to the front of the order: an UPDATE of a column the list does
          // not name that a trigger answers by setting one it does.
          db.exec(`ALTER TABLE items ADD COLUMN flag INTEGER NOT NULL DEFAULT 0;
            CREATE TRIGGER items_flag AFTER UPDATE OF flag ON items WHEN NEW.flag = 1 BEGIN UPDATE items SET k = 'k99' WHERE id = NEW.id; END;`);
        });

        it('keeps its starts across an UPDATE of columns that trigger does not fire for', () => {
          expect(read(200)).toEqual(plain(true, 200));
          db.prepare("UPDATE items SET label = 'x' WHERE id = ?").run(plain(true, 0, 1)[0]);
          expect(kept(200)).toBe(true);
          expect(read(200)).toEqual(plain(true, 200));
        });

        it('forgets them when the trigger answers the UPDATE by setting one of them', () => {
          const before = read(200);
          expect(before).toEqual(plain(true, 200));
          // A row from past the page moves to the front: every page before it shifts by one.
          db.prepare('UPDATE items SET flag = 1 WHERE id = ?').run(plain(true, 250, 1)[0]);
          expect(kept(200)).toBe(false);
          const after = read(200);
          expect(after).toEqual(plain(true, 200));
          expect(after).not.toEqual(before);
        });
      });

      it('forgets them when rows come or go', () => {
        expect(read(200)).toEqual(plain(true, 200));
        db.prepare("INSERT INTO items (k, label) VALUES ('k99', 'x')").run();
        expect(kept(200)).toBe(false);
        expect(read(200)).toEqual(plain(true, 200));
        db.prepare('DELETE FROM items WHERE id = ?').run(plain(true, 0, 1)[0]);
        expect(kept(200)).toBe(false);
        expect(read(200)).toEqual(plain(true, 200));
      });
    });

    it('forgets them when a write is not journaled (db.exec)', () => {
      expect(page(true, 200)).toEqual(plain(true, 200));
      db.prepare("INSERT INTO notes (body) VALUES ('x')").run();
      db.exec(`DELETE FROM items WHERE id = ${plain(true, 0, 1)[0]}`);
      db.prepare("INSERT INTO notes (body) VALUES ('z')").run();
      expect(remembered(true, 200)).toBe(false);
      expect(page(true, 200)).toEqual(plain(true, 200));
    });
  });

  it('neither remembers nor uses starts outside a transaction', () => {
    const starts = list(false);
    starts.remember(100, [{ id: 1, _k0: 'k1', _k1: 1 }]);
    page(false, 100);
    expect(starts.seek(100)).toEqual({ condition: '', params: {}, offset: 100 });
  });

  it('answers a window and a count read before in the same generation without reading again', () => {
    const starts = list(false);
    let reads = 0;
    const read = () =>
      readTx(db, () => ({
        n: starts.count(10_001, () => {
          reads++;
          return (db.prepare('SELECT COUNT(*) AS n FROM items').get() as { n: number }).n;
        }),
        ids: starts
          .window(20, 40, (seek, n) => {
            reads++;
            return db.prepare(`SELECT id, ${starts.keyColumns} FROM items WHERE 1${seek.condition} ORDER BY k, id LIMIT ? OFFSET ?`).all(seek.params, n, seek.offset) as { id: number }[];
          })
          .map((r) => r.id),
      }));
    expect(read()).toEqual({ n: 300, ids: plain(false, 40) });
    expect(read()).toEqual({ n: 300, ids: plain(false, 40) });
    expect(reads).toBe(2);
    // A commit elsewhere: both are read again, and answer the new rows.
    other.prepare('DELETE FROM items WHERE id = ?').run(plain(false, 0, 1)[0]);
    expect(read()).toEqual({ n: 299, ids: plain(false, 40) });
    expect(reads).toBe(4);
  });

  it('keeps lists apart by name', () => {
    page(false, 100);
    expect(readTx(db, () => new OrderedList(db, 'items other filter', ['k', 'id'], false).seek(100)).condition).toBe('');
  });

  it('reads the order keys of an ORDER BY that goes one way, and refuses the others', () => {
    expect(orderKeys('created_at DESC, id DESC')).toEqual({ keys: ['created_at', 'id'], descending: true });
    expect(orderKeys('lower(name) ASC, id ASC')).toEqual({ keys: ['lower(name)', 'id'], descending: false });
    expect(orderKeys('id ASC')).toEqual({ keys: ['id'], descending: false });
    expect(orderKeys('expires_at IS NULL, expires_at ASC, id DESC')).toBeUndefined();
    expect(orderKeys('last_used_at ASC, id DESC')).toBeUndefined();
  });

  it('reads the columns an UPDATE sets, and nothing from what is no plain assignment list', () => {
    expect(updatedColumns('UPDATE users SET updated_at = ?, "name" = lower(?) WHERE id = ?')).toEqual(new Set(['updated_at', 'name']));
    expect(updatedColumns("UPDATE OR IGNORE t SET a = coalesce(b, 'x, y = 1'), c = (SELECT max(d) FROM e WHERE f = 1)\n  WHERE g = 2")).toEqual(new Set(['a', 'c']));
    expect(updatedColumns('UPDATE t SET a = 1')).toEqual(new Set(['a']));
    expect(updatedColumns('UPDATE t SET (a, b) = (1, 2)')).toBeUndefined();
    expect(updatedColumns('WITH x AS (SELECT 1) UPDATE t SET a = 1')).toBeUndefined();
    expect(updatedColumns('INSERT INTO t (a) VALUES (1) ON CONFLICT DO UPDATE SET a = 2')).toBeUndefined();
  });
});
