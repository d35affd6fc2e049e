(* A small JSON reader: enough for the records -neuronisa-sync-dump writes. *)

type t =
  | Null
  | Bool of bool
  | Int of int
  | Float of float
  | String of string
  | List of t list
  | Object of (string * t) list

exception Error of string

let parse (s : string) : t =
  let n = String.length s in
  let pos = ref 0 in
  let fail msg = raise (Error (Printf.sprintf "%s at offset %d" msg !pos)) in
  let rec skip () =
    if !pos < n then
      match s.[!pos] with
      | ' ' | '\t' | '\n' | '\r' -> incr pos; skip ()
      | _ -> ()
  in
  let expect c =
    skip ();
    if !pos < n && s.[!pos] = c then incr pos
    else fail (Printf.sprintf "expected '%c'" c)
  in
  let literal word v =
    if !pos + String.length word <= n && String.sub s !pos (String.length word) = word
    then (pos := !pos + String.length word; v)
    else fail "invalid literal"
  in
  let string_lit () =
    expect '"';
    let b = Buffer.create 16 in
    let rec go () =
      if !pos >= n then fail "unterminated string";
      let c = s.[!pos] in
      incr pos;
      match c with
      | '"' -> ()
      | '\\' ->
          if !pos >= n then fail "unterminated string";
          let e = s.[!pos] in
          incr pos;
          (match e with
           | 'n' -> Buffer.add_char b '\n'
           | 't' -> Buffer.add_char b '\t'
           | 'r' -> Buffer.add_char b '\r'
           | 'b' -> Buffer.add_char b '\b'
           | 'f' -> Buffer.add_char b '\012'
           | 'u' ->
               if !pos + 4 > n then fail "bad escape";
               let code = int_of_string ("0x" ^ String.sub s !pos 4) in
               pos := !pos + 4;
               if code < 128 then Buffer.add_char b (Char.chr code)
               else Buffer.add_char b '?'
           | c -> Buffer.add_char b c);
          go ()
      | c -> Buffer.add_char b c; go ()
    in
    go ();
    Buffer.contents b
  in
  let number () =
    let start = !pos in
    while !pos < n && (match s.[!pos] with
                       | '0' .. '9' | '-' | '+' | '.' | 'e' | 'E' -> true
                       | _ -> false) do incr pos done;
    let lit = String.sub s start (!pos - start) in
    match int_of_string_opt lit with
    | Some i -> Int i
    | None ->
        (match float_of_string_opt lit with
         | Some f -> Float f
         | None -> fail "invalid number")
  in
  let rec value () =
    skip ();
    if !pos >= n then fail "unexpected end";
    match s.[!pos] with
    | '{' ->
        incr pos; skip ();
        if !pos < n && s.[!pos] = '}' then (incr pos; Object [])
        else
          let rec members acc =
            let k = (skip (); string_lit ()) in
            expect ':';
            let v = value () in
            skip ();
            if !pos < n && s.[!pos] = ',' then (incr pos; members ((k, v) :: acc))
            else (expect '}'; Object (List.rev ((k, v) :: acc)))
          in
          members []
    | '[' ->
        incr pos; skip ();
        if !pos < n && s.[!pos] = ']' then (incr pos; List [])
        else
          let rec elems acc =
            let v = value () in
            skip ();
            if !pos < n && s.[!pos] = ',' then (incr pos; elems (v :: acc))
            else (expect ']'; List (List.rev (v :: acc)))
          in
          elems []
    | '"' -> String (string_lit ())
    | 't' -> literal "true" (Bool true)
    | 'f' -> literal "false" (Bool false)
    | 'n' -> literal "null" Null
    | _ -> number ()
  in
  let v = value () in
  skip ();
  if !pos <> n then fail "trailing characters";
  v

let member k = function
  | Object l -> (try List.assoc k l with Not_found -> raise (Error ("missing field \"" ^ k ^ "\"")))
  | _ -> raise (Error ("expected an object with field \"" ^ k ^ "\""))
let member_opt k = function Object l -> List.assoc_opt k l | _ -> None
let to_int = function Int i -> i | _ -> raise (Error "expected an integer")
let to_string = function String s -> s | _ -> raise (Error "expected a string")
let to_list = function List l -> l | _ -> raise (Error "expected an array")
