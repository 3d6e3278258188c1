# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import ReadWriteKaitaiStruct, KaitaiStream, BytesIO
from . import event_control
from . import event_mariadb
from . import event_gtid
from . import event_query
from . import event_table_map
from . import event_rows
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class BinlogEvent(ReadWriteKaitaiStruct):
    """One event of a binary log: the common header, the body and, when the
    file's FORMAT_DESCRIPTION_EVENT announces CRC32, a 4-byte checksum.
    
    The body is sized from the header (`event_length` minus header and
    checksum) and parsed by `event_body`, a router that picks the body type
    from the event type code. Each body type gets the post-header length that
    the format description event lists for its type, so a layout that grew
    over server versions (QUERY, TABLE_MAP, ROWS) is read the way the writing
    server wrote it, and an unknown or newer event type still parses as raw
    bytes.
    
    The format description event itself never counts its trailing 4 bytes as
    a checksum here: its body type reads them (they are present even when
    checksums are off), see `event_control::format_description_event`.
    
    .. seealso::
       Source - https://dev.mysql.com/doc/dev/mysql-server/latest/page_protocol_replication_binlog_event.html
    
    
    .. seealso::
       libs/mysql/binlog/event/binlog_event.h (Log_event_header, Log_event_type)
    
    
    .. seealso::
       MariaDB sql/log_event.h (Log_event_type)
    """

    class EventType(IntEnum):
        unknown_event = 0
        start_event_v3 = 1
        query_event = 2
        stop_event = 3
        rotate_event = 4
        intvar_event = 5
        load_event = 6
        slave_event = 7
        create_file_event = 8
        append_block_event = 9
        exec_load_event = 10
        delete_file_event = 11
        new_load_event = 12
        rand_event = 13
        user_var_event = 14
        format_description_event = 15
        xid_event = 16
        begin_load_query_event = 17
        execute_load_query_event = 18
        table_map_event = 19
        pre_ga_write_rows_event = 20
        pre_ga_update_rows_event = 21
        pre_ga_delete_rows_event = 22
        write_rows_event_v1 = 23
        update_rows_event_v1 = 24
        delete_rows_event_v1 = 25
        incident_event = 26
        heartbeat_log_event = 27
        ignorable_log_event = 28
        rows_query_log_event = 29
        write_rows_event = 30
        update_rows_event = 31
        delete_rows_event = 32
        gtid_log_event = 33
        anonymous_gtid_log_event = 34
        previous_gtids_log_event = 35
        transaction_context_event = 36
        view_change_event = 37
        xa_prepare_log_event = 38
        partial_update_rows_event = 39
        transaction_payload_event = 40
        heartbeat_log_event_v2 = 41
        gtid_tagged_log_event = 42
        aurora_padding_event = 100
        annotate_rows_event = 160
        binlog_checkpoint_event = 161
        gtid_event = 162
        gtid_list_event = 163
        start_encryption_event = 164
        query_compressed_event = 165
        write_rows_compressed_event_v1 = 166
        update_rows_compressed_event_v1 = 167
        delete_rows_compressed_event_v1 = 168
        write_rows_compressed_event = 169
        update_rows_compressed_event = 170
        delete_rows_compressed_event = 171
    def __init__(self, len_header, post_header_lengths, has_crc32, uses_pre_ga_numbering, _io=None, _parent=None, _root=None):
        super(BinlogEvent, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.len_header = len_header
        self.post_header_lengths = post_header_lengths
        self.has_crc32 = has_crc32
        self.uses_pre_ga_numbering = uses_pre_ga_numbering

    def _read(self):
        self.header = BinlogEvent.EventHeader(self.len_header, self._io, self, self._root)
        self.header._read()
        self._raw_body = self._io.read_bytes(self.len_body)
        _io__raw_body = KaitaiStream(BytesIO(self._raw_body))
        self.body = BinlogEvent.EventBody(self.type_code, self.post_header_len, _io__raw_body, self, self._root)
        self.body._read()
        if self.has_checksum:
            pass
            self.checksum = self._io.read_u4le()

        self._dirty = False


    def _fetch_instances(self):
        pass
        self.header._fetch_instances()
        self.body._fetch_instances()
        if self.has_checksum:
            pass



    def _write__seq(self, io=None):
        super(BinlogEvent, self)._write__seq(io)
        self.header._write__seq(self._io)
        _io__raw_body = KaitaiStream(BytesIO(bytearray(self.len_body)))
        self._io.add_child_stream(_io__raw_body)
        _pos2 = self._io.pos()
        self._io.seek(self._io.pos() + (self.len_body))
        def handler(parent, _io__raw_body=_io__raw_body):
            self._raw_body = _io__raw_body.to_byte_array()
            if len(self._raw_body) != self.len_body:
                raise kaitaistruct.ConsistencyError(u"raw(body)", self.len_body, len(self._raw_body))
            parent.write_bytes(self._raw_body)
        _io__raw_body.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
        self.body._write__seq(_io__raw_body)
        if self.has_checksum:
            pass
            self._io.write_u4le(self.checksum)



    def _check(self):
        if self.header._root != self._root:
            raise kaitaistruct.ConsistencyError(u"header", self._root, self.header._root)
        if self.header._parent != self:
            raise kaitaistruct.ConsistencyError(u"header", self, self.header._parent)
        if self.header.len_header != self.len_header:
            raise kaitaistruct.ConsistencyError(u"header", self.len_header, self.header.len_header)
        if self.body._root != self._root:
            raise kaitaistruct.ConsistencyError(u"body", self._root, self.body._root)
        if self.body._parent != self:
            raise kaitaistruct.ConsistencyError(u"body", self, self.body._parent)
        if self.body.type_code != self.type_code:
            raise kaitaistruct.ConsistencyError(u"body", self.type_code, self.body.type_code)
        if self.body.post_header_len != self.post_header_len:
            raise kaitaistruct.ConsistencyError(u"body", self.post_header_len, self.body.post_header_len)
        if self.has_checksum:
            pass

        self._dirty = False

    class EventBody(ReadWriteKaitaiStruct):
        """Routes an event body to its type by event type code. Types without a
        body type (STOP, IGNORABLE, UNKNOWN, type 100 and any code this spec
        does not know) are kept as raw bytes.
        
        .. seealso::
           libs/mysql/binlog/event/binlog_event.h Log_event_type
        """
        def __init__(self, type_code, post_header_len, _io=None, _parent=None, _root=None):
            super(BinlogEvent.EventBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.type_code = type_code
            self.post_header_len = post_header_len

        def _read(self):
            _on = self.type_code
            if _on == BinlogEvent.EventType.annotate_rows_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_mariadb.EventMariadb.AnnotateRowsEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.anonymous_gtid_log_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_gtid.EventGtid.GtidEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.append_block_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.AppendBlockEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.begin_load_query_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.BeginLoadQueryEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.binlog_checkpoint_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_mariadb.EventMariadb.BinlogCheckpointEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.create_file_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.CreateFileEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.delete_file_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.DeleteFileEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.delete_rows_compressed_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.delete_rows_compressed_event_v1:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.delete_rows_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.delete_rows_event_v1:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.exec_load_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.ExecLoadEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.execute_load_query_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.ExecuteLoadQueryEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.format_description_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.FormatDescriptionEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.gtid_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_mariadb.EventMariadb.MariadbGtidEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.gtid_list_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_mariadb.EventMariadb.GtidListEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.gtid_log_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_gtid.EventGtid.GtidEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.gtid_tagged_log_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_gtid.EventGtid.GtidTaggedEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.heartbeat_log_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.HeartbeatEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.heartbeat_log_event_v2:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.HeartbeatEventV2(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.incident_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.IncidentEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.intvar_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.IntvarEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.load_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.LoadEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.new_load_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.NewLoadEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.partial_update_rows_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.pre_ga_delete_rows_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.pre_ga_update_rows_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.pre_ga_write_rows_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.previous_gtids_log_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_gtid.EventGtid.PreviousGtidsEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.query_compressed_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_mariadb.EventMariadb.QueryCompressedEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.query_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_query.EventQuery.QueryEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.rand_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.RandEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.rotate_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.RotateEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.rows_query_log_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.RowsQueryEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.start_encryption_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_mariadb.EventMariadb.StartEncryptionEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.start_event_v3:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.StartEventV3(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.table_map_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_table_map.EventTableMap.TableMapEvent(self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.transaction_context_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_gtid.EventGtid.TransactionContextEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.transaction_payload_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_gtid.EventGtid.TransactionPayloadEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.update_rows_compressed_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.update_rows_compressed_event_v1:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.update_rows_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.update_rows_event_v1:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.user_var_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.UserVarEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.view_change_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_gtid.EventGtid.ViewChangeEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.write_rows_compressed_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.write_rows_compressed_event_v1:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.write_rows_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.write_rows_event_v1:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_rows.EventRows.RowsEvent(int(self.type_code), self.post_header_len, _io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.xa_prepare_log_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_gtid.EventGtid.XaPrepareEvent(_io__raw_data)
                self.data._read()
            elif _on == BinlogEvent.EventType.xid_event:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = event_control.EventControl.XidEvent(_io__raw_data)
                self.data._read()
            else:
                pass
                self.data = self._io.read_bytes_full()
            self._dirty = False


        def _fetch_instances(self):
            pass
            _on = self.type_code
            if _on == BinlogEvent.EventType.annotate_rows_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.anonymous_gtid_log_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.append_block_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.begin_load_query_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.binlog_checkpoint_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.create_file_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.delete_file_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.delete_rows_compressed_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.delete_rows_compressed_event_v1:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.delete_rows_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.delete_rows_event_v1:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.exec_load_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.execute_load_query_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.format_description_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.gtid_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.gtid_list_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.gtid_log_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.gtid_tagged_log_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.heartbeat_log_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.heartbeat_log_event_v2:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.incident_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.intvar_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.load_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.new_load_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.partial_update_rows_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.pre_ga_delete_rows_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.pre_ga_update_rows_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.pre_ga_write_rows_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.previous_gtids_log_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.query_compressed_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.query_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.rand_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.rotate_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.rows_query_log_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.start_encryption_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.start_event_v3:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.table_map_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.transaction_context_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.transaction_payload_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.update_rows_compressed_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.update_rows_compressed_event_v1:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.update_rows_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.update_rows_event_v1:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.user_var_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.view_change_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.write_rows_compressed_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.write_rows_compressed_event_v1:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.write_rows_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.write_rows_event_v1:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.xa_prepare_log_event:
                pass
                self.data._fetch_instances()
            elif _on == BinlogEvent.EventType.xid_event:
                pass
                self.data._fetch_instances()
            else:
                pass


        def _write__seq(self, io=None):
            super(BinlogEvent.EventBody, self)._write__seq(io)
            _on = self.type_code
            if _on == BinlogEvent.EventType.annotate_rows_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.anonymous_gtid_log_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.append_block_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.begin_load_query_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.binlog_checkpoint_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.create_file_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.delete_file_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.delete_rows_compressed_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.delete_rows_compressed_event_v1:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.delete_rows_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.delete_rows_event_v1:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.exec_load_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.execute_load_query_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.format_description_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.gtid_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.gtid_list_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.gtid_log_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.gtid_tagged_log_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.heartbeat_log_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.heartbeat_log_event_v2:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.incident_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.intvar_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.load_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.new_load_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.partial_update_rows_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.pre_ga_delete_rows_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.pre_ga_update_rows_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.pre_ga_write_rows_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.previous_gtids_log_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.query_compressed_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.query_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.rand_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.rotate_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.rows_query_log_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.start_encryption_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.start_event_v3:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.table_map_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.transaction_context_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.transaction_payload_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.update_rows_compressed_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.update_rows_compressed_event_v1:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.update_rows_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.update_rows_event_v1:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.user_var_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.view_change_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.write_rows_compressed_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.write_rows_compressed_event_v1:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.write_rows_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.write_rows_event_v1:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.xa_prepare_log_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            elif _on == BinlogEvent.EventType.xid_event:
                pass
                _io__raw_data = KaitaiStream(BytesIO(bytearray(self._io.size() - self._io.pos())))
                self._io.add_child_stream(_io__raw_data)
                _pos2 = self._io.pos()
                self._io.seek(self._io.pos() + (self._io.size() - self._io.pos()))
                def handler(parent, _io__raw_data=_io__raw_data):
                    self._raw_data = _io__raw_data.to_byte_array()
                    parent.write_bytes(self._raw_data)
                    if not parent.is_eof():
                        raise kaitaistruct.ConsistencyError(u"raw(data)", 0, parent.size() - parent.pos())
                _io__raw_data.write_back_handler = KaitaiStream.WriteBackHandler(_pos2, handler)
                self.data._write__seq(_io__raw_data)
            else:
                pass
                self._io.write_bytes(self.data)
                if not self._io.is_eof():
                    raise kaitaistruct.ConsistencyError(u"data", 0, self._io.size() - self._io.pos())


        def _check(self):
            _on = self.type_code
            if _on == BinlogEvent.EventType.annotate_rows_event:
                pass
            elif _on == BinlogEvent.EventType.anonymous_gtid_log_event:
                pass
            elif _on == BinlogEvent.EventType.append_block_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.begin_load_query_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.binlog_checkpoint_event:
                pass
            elif _on == BinlogEvent.EventType.create_file_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.delete_file_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.delete_rows_compressed_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.delete_rows_compressed_event_v1:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.delete_rows_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.delete_rows_event_v1:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.exec_load_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.execute_load_query_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.format_description_event:
                pass
            elif _on == BinlogEvent.EventType.gtid_event:
                pass
            elif _on == BinlogEvent.EventType.gtid_list_event:
                pass
            elif _on == BinlogEvent.EventType.gtid_log_event:
                pass
            elif _on == BinlogEvent.EventType.gtid_tagged_log_event:
                pass
            elif _on == BinlogEvent.EventType.heartbeat_log_event:
                pass
            elif _on == BinlogEvent.EventType.heartbeat_log_event_v2:
                pass
            elif _on == BinlogEvent.EventType.incident_event:
                pass
            elif _on == BinlogEvent.EventType.intvar_event:
                pass
            elif _on == BinlogEvent.EventType.load_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.new_load_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.partial_update_rows_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.pre_ga_delete_rows_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.pre_ga_update_rows_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.pre_ga_write_rows_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.previous_gtids_log_event:
                pass
            elif _on == BinlogEvent.EventType.query_compressed_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.query_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.rand_event:
                pass
            elif _on == BinlogEvent.EventType.rotate_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.rows_query_log_event:
                pass
            elif _on == BinlogEvent.EventType.start_encryption_event:
                pass
            elif _on == BinlogEvent.EventType.start_event_v3:
                pass
            elif _on == BinlogEvent.EventType.table_map_event:
                pass
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.transaction_context_event:
                pass
            elif _on == BinlogEvent.EventType.transaction_payload_event:
                pass
            elif _on == BinlogEvent.EventType.update_rows_compressed_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.update_rows_compressed_event_v1:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.update_rows_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.update_rows_event_v1:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.user_var_event:
                pass
            elif _on == BinlogEvent.EventType.view_change_event:
                pass
            elif _on == BinlogEvent.EventType.write_rows_compressed_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.write_rows_compressed_event_v1:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.write_rows_event:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.write_rows_event_v1:
                pass
                if self.data.type_code != int(self.type_code):
                    raise kaitaistruct.ConsistencyError(u"data", int(self.type_code), self.data.type_code)
                if self.data.post_header_len != self.post_header_len:
                    raise kaitaistruct.ConsistencyError(u"data", self.post_header_len, self.data.post_header_len)
            elif _on == BinlogEvent.EventType.xa_prepare_log_event:
                pass
            elif _on == BinlogEvent.EventType.xid_event:
                pass
            else:
                pass
            self._dirty = False


    class EventHeader(ReadWriteKaitaiStruct):
        """The common header in front of every event: 19 bytes since binlog
        version 3 (MySQL 4.0), 13 bytes in version 1 (MySQL 3.23), which has
        neither `next_position` nor `flags`. A format description may declare
        a longer header; the extra bytes are kept as `extra_headers`.
        
        .. seealso::
           libs/mysql/binlog/event/binlog_event.h Log_event_header (LOG_EVENT_HEADER_LEN, OLD_HEADER_LEN)
        """
        def __init__(self, len_header, _io=None, _parent=None, _root=None):
            super(BinlogEvent.EventHeader, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.len_header = len_header

        def _read(self):
            self.timestamp = self._io.read_u4le()
            self.type_code = KaitaiStream.resolve_enum(BinlogEvent.EventType, self._io.read_u1())
            self.server_id = self._io.read_u4le()
            self.event_length = self._io.read_u4le()
            if self.len_header >= 17:
                pass
                self.next_position = self._io.read_u4le()

            if self.len_header >= 19:
                pass
                self.flags = self._io.read_u2le()

            if self.len_header > 19:
                pass
                self.extra_headers = self._io.read_bytes(self.len_header - 19)

            self._dirty = False


        def _fetch_instances(self):
            pass
            if self.len_header >= 17:
                pass

            if self.len_header >= 19:
                pass

            if self.len_header > 19:
                pass



        def _write__seq(self, io=None):
            super(BinlogEvent.EventHeader, self)._write__seq(io)
            self._io.write_u4le(self.timestamp)
            self._io.write_u1(int(self.type_code))
            self._io.write_u4le(self.server_id)
            self._io.write_u4le(self.event_length)
            if self.len_header >= 17:
                pass
                self._io.write_u4le(self.next_position)

            if self.len_header >= 19:
                pass
                self._io.write_u2le(self.flags)

            if self.len_header > 19:
                pass
                self._io.write_bytes(self.extra_headers)



        def _check(self):
            if self.len_header >= 17:
                pass

            if self.len_header >= 19:
                pass

            if self.len_header > 19:
                pass
                if len(self.extra_headers) != self.len_header - 19:
                    raise kaitaistruct.ConsistencyError(u"extra_headers", self.len_header - 19, len(self.extra_headers))

            self._dirty = False

        @property
        def is_artificial(self):
            """LOG_EVENT_ARTIFICIAL_F (made up by a replica, e.g. a fake ROTATE)."""
            if hasattr(self, '_m_is_artificial'):
                return self._m_is_artificial

            self._m_is_artificial =  ((self.len_header >= 19) and (self.flags & 32 != 0)) 
            return getattr(self, '_m_is_artificial', None)

        def _invalidate_is_artificial(self):
            del self._m_is_artificial
        @property
        def is_binlog_in_use(self):
            """LOG_EVENT_BINLOG_IN_USE_F, set in the FDE of a file still open (or of a crashed server)."""
            if hasattr(self, '_m_is_binlog_in_use'):
                return self._m_is_binlog_in_use

            self._m_is_binlog_in_use =  ((self.len_header >= 19) and (self.flags & 1 != 0)) 
            return getattr(self, '_m_is_binlog_in_use', None)

        def _invalidate_is_binlog_in_use(self):
            del self._m_is_binlog_in_use
        @property
        def is_ignorable(self):
            """LOG_EVENT_IGNORABLE_F (a reader that does not know the type may skip it)."""
            if hasattr(self, '_m_is_ignorable'):
                return self._m_is_ignorable

            self._m_is_ignorable =  ((self.len_header >= 19) and (self.flags & 128 != 0)) 
            return getattr(self, '_m_is_ignorable', None)

        def _invalidate_is_ignorable(self):
            del self._m_is_ignorable
        @property
        def is_relay_log(self):
            """LOG_EVENT_RELAY_LOG_F (written by the replica's SQL thread)."""
            if hasattr(self, '_m_is_relay_log'):
                return self._m_is_relay_log

            self._m_is_relay_log =  ((self.len_header >= 19) and (self.flags & 64 != 0)) 
            return getattr(self, '_m_is_relay_log', None)

        def _invalidate_is_relay_log(self):
            del self._m_is_relay_log
        @property
        def is_suppress_use(self):
            """LOG_EVENT_SUPPRESS_USE_F (no USE before the query)."""
            if hasattr(self, '_m_is_suppress_use'):
                return self._m_is_suppress_use

            self._m_is_suppress_use =  ((self.len_header >= 19) and (self.flags & 8 != 0)) 
            return getattr(self, '_m_is_suppress_use', None)

        def _invalidate_is_suppress_use(self):
            del self._m_is_suppress_use
        @property
        def is_thread_specific(self):
            """LOG_EVENT_THREAD_SPECIFIC_F (statement used temporary tables)."""
            if hasattr(self, '_m_is_thread_specific'):
                return self._m_is_thread_specific

            self._m_is_thread_specific =  ((self.len_header >= 19) and (self.flags & 4 != 0)) 
            return getattr(self, '_m_is_thread_specific', None)

        def _invalidate_is_thread_specific(self):
            del self._m_is_thread_specific

    @property
    def has_checksum(self):
        if hasattr(self, '_m_has_checksum'):
            return self._m_has_checksum

        self._m_has_checksum =  ((self.has_crc32) and (self.type_code != BinlogEvent.EventType.format_description_event)) 
        return getattr(self, '_m_has_checksum', None)

    def _invalidate_has_checksum(self):
        del self._m_has_checksum
    @property
    def len_body(self):
        if hasattr(self, '_m_len_body'):
            return self._m_len_body

        self._m_len_body = (self.header.event_length - self.len_header) - (4 if self.has_checksum else 0)
        return getattr(self, '_m_len_body', None)

    def _invalidate_len_body(self):
        del self._m_len_body
    @property
    def post_header_len(self):
        """Post-header length of this event's type as listed by the format
        description (0 for types it does not list).
        """
        if hasattr(self, '_m_post_header_len'):
            return self._m_post_header_len

        self._m_post_header_len = (KaitaiStream.byte_array_index(self.post_header_lengths, int(self.header.type_code) - 1) if  ((int(self.header.type_code) >= 1) and (int(self.header.type_code) <= len(self.post_header_lengths)))  else 0)
        return getattr(self, '_m_post_header_len', None)

    def _invalidate_post_header_len(self):
        del self._m_post_header_len
    @property
    def pre_ga_type_codes(self):
        """Today's type code for each type code 0-22 of the early 5.1/5.2 numbering."""
        if hasattr(self, '_m_pre_ga_type_codes'):
            return self._m_pre_ga_type_codes

        self._m_pre_ga_type_codes = b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A\x0B\x0C\x0D\x0E\x0F\x13\x14\x15\x16\x10\x11\x12"
        return getattr(self, '_m_pre_ga_type_codes', None)

    def _invalidate_pre_ga_type_codes(self):
        del self._m_pre_ga_type_codes
    @property
    def type_code(self):
        """The event type in today's numbering. Early 5.1/5.2 trees wrote
        TABLE_MAP as 16, the pre-GA rows events as 17-19 and XID,
        BEGIN_LOAD_QUERY and EXECUTE_LOAD_QUERY as 20-22.
        
        .. seealso::
           sql/log_event.cc (5.1) Format_description_log_event ctor, event_type_permutation
        """
        if hasattr(self, '_m_type_code'):
            return self._m_type_code

        self._m_type_code = KaitaiStream.resolve_enum(BinlogEvent.EventType, (KaitaiStream.byte_array_index(self.pre_ga_type_codes, int(self.header.type_code)) if  ((self.uses_pre_ga_numbering) and (int(self.header.type_code) < 23))  else int(self.header.type_code)))
        return getattr(self, '_m_type_code', None)

    def _invalidate_type_code(self):
        del self._m_type_code

