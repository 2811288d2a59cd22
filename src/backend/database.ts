// The generated Database type, with the column types the migrations promise but the generator cannot see: the
// values a check constraint allows, the shape of a JSON column, the non-null columns of a view, a function's nulls.
import type { Database as GeneratedDatabase } from './database.types.ts';

export type CategoryType = 'guapcoin' | 'crypto' | 'support';
export type Role = 'user' | 'moderator' | 'admin';
type PostType = 'thread' | 'reply';

export interface NotificationPreferences {
  emailReplies: boolean;
  emailMentions: boolean;
  emailMessages: boolean;
  pushEnabled: boolean;
}

export interface PrivacySettings {
  showOnline: boolean;
  allowMessages: boolean;
  showActivity: boolean;
}

/** Replaces the types of some columns in a relation's Row, Insert and Update, keeping which ones are optional. */
type NarrowRelation<Relation, Columns> = {
  [Part in keyof Relation]: Part extends 'Row' | 'Insert' | 'Update'
    ? { [Column in keyof Relation[Part]]: Column extends keyof Columns ? Columns[Column] : Relation[Part][Column] }
    : Relation[Part];
};

type Narrow<Relations, ColumnsByRelation> = {
  [Name in keyof Relations]: Name extends keyof ColumnsByRelation
    ? NarrowRelation<Relations[Name], ColumnsByRelation[Name]>
    : Relations[Name];
};

type Generated = GeneratedDatabase['public'];

type SearchForum = Generated['Functions']['search_forum'];

export type Database = {
  public: Omit<Generated, 'Tables' | 'Views' | 'Functions'> & {
    Tables: Narrow<
      Generated['Tables'],
      {
        categories: { type: CategoryType };
        profiles: { role: Role; notification_preferences: NotificationPreferences; privacy_settings: PrivacySettings };
        posts: { type: PostType };
      }
    >;
    Views: Narrow<
      Generated['Views'],
      {
        profile_private: {
          id: string;
          notification_preferences: NotificationPreferences;
          privacy_settings: PrivacySettings;
          sync_txid: number;
          updated_at: string;
        };
      }
    >;
    Functions: Omit<Generated['Functions'], 'search_forum'> & {
      /** A title match has no post: its post_id and snippet are null. */
      search_forum: {
        Args: SearchForum['Args'];
        Returns: (Omit<SearchForum['Returns'][number], 'post_id' | 'snippet'> & {
          post_id: string | null;
          snippet: string | null;
        })[];
      };
    };
  };
};

type PublicSchema = Database['public'];

/** A row of a table or view as the backend answers it, all columns. */
export type Row<Name extends keyof PublicSchema['Tables'] | keyof PublicSchema['Views']> =
  Name extends keyof PublicSchema['Tables']
    ? PublicSchema['Tables'][Name]['Row']
    : Name extends keyof PublicSchema['Views']
      ? PublicSchema['Views'][Name]['Row']
      : never;

/** What an insert into a table may send. */
export type Insert<Name extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][Name]['Insert'];
