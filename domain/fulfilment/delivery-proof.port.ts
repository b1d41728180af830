/** A screenshot proving an order was delivered (kept as a file, listed per order). */
export interface DeliveryProof {
  id: string;
  orderId: string;
  /** The stored file's name (random, with the picture's extension). */
  file: string;
  /** The administrator who uploaded it. */
  uploadedBy: string;
  createdAt: Date;
}

/** The orders' delivery proofs, in the unit of work's transaction. */
export interface DeliveryProofs {
  add(proof: DeliveryProof): Promise<void>;
  /** How many proofs the order has (0 for none or no such order). */
  countOf(orderId: string): Promise<number>;
}

/** Where proof screenshots' bytes are kept: files only the order's owner and staff may read. */
export interface ProofStorage {
  /** Stores the bytes under this name (letters, digits, '-', '_' and an extension); all or nothing. */
  save(name: string, bytes: Uint8Array): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  remove(name: string): Promise<void>;
  /** The file's bytes; null when there is no such file. */
  read(name: string): Promise<Uint8Array<ArrayBuffer> | null>;
}
