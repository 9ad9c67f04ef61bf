-- Request attachments now live in the file storage (local disk or S3) under requests/<name>;
-- rows written before kept an absolute path under DATA_DIR/files/requests/.
update service_requests
   set file_path = 'requests/' || regexp_replace(file_path, '^.*/', '')
 where file_path like '/%';
