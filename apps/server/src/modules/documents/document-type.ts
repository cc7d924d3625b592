import type { DbOrTransaction } from '../../db/client.ts';
import type { AuthContext } from '../users/auth-context.ts';
import type { PdfPage } from './pdf-page.ts';

/** What a document shows, as loaded from its record. `view` is what gets hashed and drawn. */
export interface LoadedDocument<View> {
  /** The record's company: a client account reads its own company's documents only; null for internal ones. */
  companyId: number | null;
  /** What the viewer shows as its title, e.g. 'Quote Q-000012'. */
  title: string;
  /** The download's name without '.pdf'; the revision label is added. */
  fileName: string;
  /**
   * True when every staff member may read this record whatever the type's staffPermission says: a project's quote,
   * read by the staff who may view the project (decision 0073).
   */
  openToStaff?: boolean;
  view: View;
}

/**
 * One document type: one file under types/ (decision 0038). The module draws the branded frame; `render` draws the
 * body from the view only, so equal views give equal documents.
 */
export interface DocumentTypeModule<View = unknown> {
  type: string;
  /** Whether client accounts of the record's company may read it. */
  clientVisible: boolean;
  /** The permission staff need besides being signed in (billing documents: 'view billing'); null for none. */
  staffPermission: string | null;
  /**
   * A staff member's extra check on the record (a CRM proposal follows its lead's visibility); false answers 404.
   * Types without it are read by every staff member with staffPermission.
   */
  readable?(db: DbOrTransaction, auth: AuthContext, id: number): Promise<boolean>;
  load(db: DbOrTransaction, id: number): Promise<LoadedDocument<View> | null>;
  render(page: PdfPage, view: View): void;
}
