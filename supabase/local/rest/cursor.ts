// A small reader over one query-string value, shared by the select, filter and order parsers.
import { syntaxError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column reference, with an optional JSON path: `data->a->>b`. */
export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

const NAME_CHAR = /[\p{L}\p{N}_$]/u;

export class Cursor {
  pos = 0;

  constructor(
    readonly input: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(text: string): boolean {
    return this.input.startsWith(text, this.pos);
  }

  eat(text: string): boolean {
    if (!this.peek(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string): void {
    if (!this.eat(text)) this.fail(`"${text}"`);
  }

  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.input[this.pos]}"`;
    throw syntaxError(this.what, this.input, `unexpected ${found} at position ${this.pos + 1}, expecting ${expecting}`);
  }

  /** An identifier: a run of letters, digits, _ and $, or a double-quoted name with "" for a quote. */
  name(): string {
    if (this.eat('"')) {
      let out = '';
      while (!this.done) {
        if (this.eat('""')) out += '"';
        else if (this.eat('"')) return out;
        else out += this.input[this.pos++];
      }
      this.fail('a closing quote');
    }
    const start = this.pos;
    while (!this.done && NAME_CHAR.test(this.input[this.pos]!)) this.pos++;
    if (this.pos === start) this.fail('a name');
    return this.input.slice(start, this.pos);
  }

  /** A column name followed by any `->` / `->>` steps. */
  field(): Field {
    const name = this.name();
    const jsonPath: JsonStep[] = [];
    for (;;) {
      const arrow = this.eat('->>') ? '->>' : this.eat('->') ? '->' : undefined;
      if (!arrow) return { name, jsonPath };
      jsonPath.push({ arrow, key: this.name() });
    }
  }
}
