-- The operator audit log is append-only: rows are never changed or removed once written. Together with the
-- hash chain (each row's hash covers the previous row's hash) this makes tampering visible: changing a row
-- needs the trigger disabled, and then verifyAuditChain() reports the first row whose hash no longer fits.
CREATE FUNCTION backoffice_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'backoffice audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER backoffice_audit_log_append_only BEFORE UPDATE OR DELETE ON backoffice_audit_log
  FOR EACH ROW EXECUTE FUNCTION backoffice_audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER backoffice_audit_log_no_truncate BEFORE TRUNCATE ON backoffice_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION backoffice_audit_refuse_change();
