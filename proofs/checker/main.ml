(* neuronisa-sync-check: the translation validator of the synchronization
   pass. Reads, for each compiled function, a program record: from an
   object or assembly, the one neuronisa-sync-program builds from the
   decoded code (docs/Validator.md: the conflicts are those of the
   footprints, computed here with the extracted Footprint.fp_conflict); or
   the JSON Lines that llc -neuronisa-sync-dump=FILE writes (the compiler's
   own tables). Runs the checker extracted from the Coq development
   (proofs/theories/Validator.v; Exactness.v proves that a function with no
   finding is exact on every path), and reports every wait whose threshold
   differs from the criterion's, with the site and the reason.

   Exit status: 1 when a function has a soundness finding or is rejected,
   or (from a dump) an imprecision finding without a fallback the pass
   announced (its remark); from an object, precision findings are notes.
   2 on bad input; 0 otherwise. *)

open Validator

type func = {
  name : string;
  mode : string;
  fallbacks : string list;
  prog : prog;
  agents : string array;
  engines : string array;
  blocks : (int * string * Json.t list) list; (* id, name, raw instructions *)
  code : (int, instr list) Hashtbl.t;
  site_engine : int array;
  site_text : string array; (* from an object: "kernel+0x48:dve.tsp.div ..." *)
}

let instr_of_json j =
  let i k = Json.to_int (Json.member k j) in
  match Json.to_string (Json.member "op" j) with
  | "site" -> ISite (i "site")
  | "wait" -> IWait (i "engine", i "sem", i "reg", i "imm")
  | "li" -> ISet (i "dst", i "imm")
  | "addi" -> IAdd (i "dst", i "src", i "imm")
  | "def" -> IDef (i "reg")
  | "sync" -> IOther
  | op -> raise (Json.Error ("unknown instruction \"" ^ op ^ "\""))

(* All unions of two or more of the sets in [l] (only the whole union when
   there are many): the snapshot registers of the pass may hold any of them. *)
let unions l =
  let rec subsets = function
    | [] -> [ [] ]
    | x :: r -> let s = subsets r in s @ List.map (fun t -> x :: t) s
  in
  if List.length l > 3 then [ List.concat l ]
  else List.filter_map (fun s -> if List.length s >= 2 then Some (List.concat s) else None) (subsets l)

(* The sites bound to each key (_, F) of [tbl], as (F, sites). *)
let sites_by_agent tbl =
  let keys = List.sort_uniq compare (Hashtbl.fold (fun k _ acc -> k :: acc) tbl []) in
  List.sort_uniq compare
    (List.map (fun ((_, f) as k) -> (f, List.sort_uniq compare (Hashtbl.find_all tbl k))) keys)

(* Tracked sets read off the code (hints, like the groups; docs in
   proofs/README.md). [snapshot_sets]: for a register r that some engine
   waits on for agent F's semaphore, the sites of F after which an addi (a
   snapshot of a counter) writes r in the same block, the latest of F
   before each write, as ((r, F), sites). [block_sets]: the sites of F in
   one block (the pass keeps counters and snapshots per producer block), as
   (F, sites). *)
let snapshot_sets code sagent is_site sem_agent =
  let waited = Hashtbl.create 16 in (* r -> the agents waited for on it *)
  Hashtbl.iter (fun _ insts -> List.iter (function
      | IWait (_, sm, r, _) when r <> 0 ->
          (match Hashtbl.find_opt sem_agent sm with
           | Some f when not (List.mem f (Hashtbl.find_all waited r)) ->
               Hashtbl.add waited r f
           | _ -> ())
      | _ -> ()) insts) code;
  let sets = Hashtbl.create 16 in
  Hashtbl.iter (fun _ insts ->
      let last = Hashtbl.create 8 in
      List.iter (function
          | ISite s when is_site s -> Hashtbl.replace last sagent.(s) s
          | IAdd (r, _, _) ->
              List.iter (fun f -> match Hashtbl.find_opt last f with
                  | Some s -> Hashtbl.add sets (r, f) s | None -> ())
                (Hashtbl.find_all waited r)
          | _ -> ()) insts) code;
  let keys = List.sort_uniq compare (Hashtbl.fold (fun k _ acc -> k :: acc) sets []) in
  List.map (fun k -> (k, List.sort_uniq compare (Hashtbl.find_all sets k))) keys

(* The registers live right after each site: those whose value there may
   be read (by a wait or an addi) before it is written. *)
let live_after_sites code succ =
  let reads = function IWait (_, _, r, _) -> [ r ] | IAdd (_, s, _) -> [ s ] | _ -> [] in
  let writes = function ISet (r, _) | IAdd (r, _, _) | IDef r -> [ r ] | _ -> [] in
  let module S = Set.Make (Int) in
  let step live i =
    List.fold_left (fun l r -> S.add r l)
      (List.fold_left (fun l r -> S.remove r l) live (writes i)) (reads i) in
  let live_in = Hashtbl.create 16 in
  let live_out b = List.fold_left (fun l s -> match Hashtbl.find_opt live_in s with
      | Some x -> S.union l x | None -> l) S.empty (try Hashtbl.find succ b with Not_found -> []) in
  let changed = ref true in
  while !changed do
    changed := false;
    Hashtbl.iter (fun b insts ->
        let l = List.fold_left step (live_out b) (List.rev insts) in
        match Hashtbl.find_opt live_in b with
        | Some old when S.equal old l -> ()
        | _ -> Hashtbl.replace live_in b l; changed := true) code
  done;
  let after = Hashtbl.create 64 in
  Hashtbl.iter (fun b insts ->
      ignore (List.fold_left (fun l i ->
          (match i with ISite s -> Hashtbl.replace after s (S.elements l) | _ -> ());
          step l i) (live_out b) (List.rev insts))) code;
  after

(* A snapshot register's value is dead after a site of its agent when every
   path from there writes the register again before reading it: the pass
   writes no snapshot there (nothing reads it), so the sets above miss the
   site, yet where the register is read it holds the count after the
   latest site of the set together with such sites. For each register set
   ((r, F), W), that larger set, if larger. *)
let dead_extended_sets by_reg code succ sagent is_site nsites =
  let after = live_after_sites code succ in
  List.filter_map (fun ((r, f), w) ->
      let extra = List.filter (fun s ->
          is_site s && sagent.(s) = f && not (List.mem s w) &&
          match Hashtbl.find_opt after s with
          | Some live -> not (List.mem r live)
          | None -> false) (List.init nsites (fun s -> s)) in
      if extra = [] then None else Some (f, List.sort_uniq compare (w @ extra))) by_reg

let block_sets code sagent is_site =
  let sets = Hashtbl.create 16 in
  Hashtbl.iter (fun b insts -> List.iter (function
      | ISite s when is_site s -> Hashtbl.add sets (b, sagent.(s)) s
      | _ -> ()) insts) code;
  sites_by_agent sets

(* For each consumer c, the sets restricted to the sites conflicting with
   c, ((c, F), sites), for its cover; and the whole snapshot sets, tracked
   so that a wait for a superset of a covering set counts (Validator.v,
   [gdom_sub]: one register updated after the stores of both copies of an
   unrolled body, a consumer conflicting with one copy). *)
let code_sets code succ sagent ssem agsem nsites conf =
  let sem_agent = Hashtbl.create 8 in
  Array.iteri (fun a s -> match s with
      | Some s -> Hashtbl.replace sem_agent s a | None -> ()) agsem;
  let is_site s = s >= 0 && s < nsites && ssem.(s) <> None in
  let by_reg = snapshot_sets code sagent is_site sem_agent in
  let snapshots =
    List.sort_uniq compare
      (List.map (fun ((_, f), w) -> (f, w)) by_reg @
       dead_extended_sets by_reg code succ sagent is_site nsites) in
  let candidates = snapshots @ block_sets code sagent is_site in
  let out = ref [] in
  for c = 0 to nsites - 1 do
    List.iter (fun (f, l) ->
        let l = List.filter (fun s -> sagent.(s) = f && conf c s) l in
        if l <> [] then out := ((c, f), l) :: !out) candidates
  done;
  (List.sort_uniq compare !out, snapshots)

let load ?(with_code_sets = false) (j : Json.t) : func =
  let ints l = List.map Json.to_int (Json.to_list l) in
  let agents = Array.of_list (List.map Json.to_string (Json.to_list (Json.member "agents" j))) in
  let engines = Array.of_list (List.map Json.to_string (Json.to_list (Json.member "engines" j))) in
  let code = Hashtbl.create 16 and succ = Hashtbl.create 16 in
  let blocks =
    List.map (fun b ->
        let id = Json.to_int (Json.member "id" b) in
        let insts = Json.to_list (Json.member "insts" b) in
        Hashtbl.replace code id (List.map instr_of_json insts);
        Hashtbl.replace succ id (ints (Json.member "succs" b));
        let name = match Json.member_opt "name" b with Some (Json.String s) -> s | _ -> "" in
        (id, name, insts))
      (Json.to_list (Json.member "blocks" j))
  in
  let sites = Array.of_list (Json.to_list (Json.member "sites" j)) in
  let nsites = Array.length sites in
  Array.iteri (fun i s -> if Json.to_int (Json.member "id" s) <> i then
                  raise (Json.Error "sites must be numbered 0, 1, ... in order")) sites;
  let sagent = Array.map (fun s -> Json.to_int (Json.member "agent" s)) sites in
  let sengine = Array.map (fun s -> Json.to_int (Json.member "engine" s)) sites in
  let ssem = Array.map (fun s -> match Json.member "sem" s with
                                 | Json.Null -> None | v -> Some (Json.to_int v)) sites in
  let nagents = Array.length agents in
  let agsem = Array.make nagents None in
  Array.iteri (fun s a ->
      if a < 0 || a >= nagents then raise (Json.Error "site agent out of range");
      match ssem.(s), agsem.(a) with Some x, None -> agsem.(a) <- Some x | _ -> ()) sagent;
  (* Conflicts: every consumer of a group conflicts with every producer;
     in a record of an object, exactly the pairs of sites on different
     hardware units whose footprints conflict (Footprint.fp_conflict, the
     extracted disjointness test), whatever its groups say. *)
  let conf = Hashtbl.create 64 in
  let feet = Array.map (fun s -> match Json.member_opt "foot" s with
      | Some l -> Some (List.map (fun f ->
          let mk chip rd wr pb pe arg known lo hi md slo shi smd =
            { f_chip = chip <> 0; f_rd = rd <> 0; f_wr = wr <> 0; f_pb = pb; f_pe = pe;
              f_arg = arg; f_known = known <> 0; f_lo = lo; f_hi = hi; f_mod = md;
              f_slo = slo; f_shi = shi; f_smod = smd } in
          (* The secondary residue constraint (slo, shi, smod) is optional:
             smod = 0 is none. *)
          match List.map Json.to_int (Json.to_list f) with
          | [ chip; rd; wr; pb; pe; arg; known; lo; hi; md ] ->
              mk chip rd wr pb pe arg known lo hi md 0 0 0
          | [ chip; rd; wr; pb; pe; arg; known; lo; hi; md; slo; shi; smd ] ->
              mk chip rd wr pb pe arg known lo hi md slo shi smd
          | _ -> raise (Json.Error "a footprint has 10 or 13 fields")) (Json.to_list l))
      | None -> None) sites in
  let unit_of = Array.map (fun s -> match Json.member_opt "unit" s with
      | Some u -> Json.to_int u | None -> -1) sites in
  let noalias = match Json.member_opt "noalias" j with
    | Some l -> ints l | None -> [] in
  let from_feet = Array.length feet > 0 && Array.for_all (fun f -> f <> None) feet in
  (* Only pairs that can occur in a run: s before c on some path (s earlier
     in c's block, or c's block reachable from s's through an edge). *)
  let reaches =
    if not from_feet then (fun _ _ -> true) else begin
      let pos = Hashtbl.create 64 and succs = Hashtbl.create 16 in
      List.iter (fun b ->
          let id = Json.to_int (Json.member "id" b) in
          Hashtbl.replace succs id (ints (Json.member "succs" b));
          List.iteri (fun i ins ->
              if Json.member_opt "op" ins = Some (Json.String "site") then
                Hashtbl.replace pos (Json.to_int (Json.member "site" ins)) (id, i))
            (Json.to_list (Json.member "insts" b))) (Json.to_list (Json.member "blocks" j));
      let reach_from = Hashtbl.create 16 in
      let reachable b =
        match Hashtbl.find_opt reach_from b with
        | Some r -> r
        | None ->
            let seen = Hashtbl.create 16 in
            let rec go x = List.iter (fun y -> if not (Hashtbl.mem seen y) then
                                         (Hashtbl.replace seen y (); go y))
                (try Hashtbl.find succs x with Not_found -> []) in
            go b; Hashtbl.replace reach_from b seen; seen in
      fun s c -> match Hashtbl.find_opt pos s, Hashtbl.find_opt pos c with
        | Some (bs, is), Some (bc, ic) -> (bs = bc && is < ic) || Hashtbl.mem (reachable bs) bc
        | _ -> true
    end in
  (* The pairs the hints (groups) relate: a tracked set may hold a producer
     that reaches one of its consumers but not another. *)
  let grouped = Hashtbl.create 64 in
  List.iter (fun g ->
      let prods = ints (Json.member "producers" g) in
      List.iter (fun c -> List.iter (fun s -> Hashtbl.replace grouped (c, s) ()) prods)
        (ints (Json.member "consumers" g))) (Json.to_list (Json.member "groups" j));
  if from_feet then
    Array.iteri (fun c fc -> Array.iteri (fun s fs ->
        match fc, fs with
        | Some a, Some b when unit_of.(c) <> unit_of.(s) &&
                              (reaches s c || Hashtbl.mem grouped (c, s)) &&
                              fp_conflict (fun k -> List.mem k noalias) a b ->
            Hashtbl.replace conf (c, s) ()
        | _ -> ()) feet) feet;
  let groups = List.map (fun g ->
      let a = Json.to_int (Json.member "agent" g) in
      let prods = List.sort_uniq compare (ints (Json.member "producers" g)) in
      let cons = ints (Json.member "consumers" g) in
      if not from_feet then
        List.iter (fun c -> List.iter (fun s -> Hashtbl.replace conf (c, s) ()) prods) cons;
      (a, prods, cons)) (Json.to_list (Json.member "groups" j)) in
  (* Tracked sets: the groups of each (consumer, agent) and their unions. *)
  let set_id = Hashtbl.create 64 and set_agent = ref [] and nsets = ref 0 in
  let pmem = Hashtbl.create 64 in
  let intern a l =
    let l = List.sort_uniq compare l in
    match Hashtbl.find_opt set_id (a, l) with
    | Some q -> q
    | None ->
        let q = !nsets in
        incr nsets;
        Hashtbl.replace set_id (a, l) q;
        set_agent := (q, a) :: !set_agent;
        List.iter (fun s -> Hashtbl.replace pmem (q, s) ()) l;
        q
  in
  let by_consumer = Hashtbl.create 64 in
  List.iter (fun (a, prods, cons) ->
      List.iter (fun c ->
          let cur = try Hashtbl.find by_consumer (c, a) with Not_found -> [] in
          Hashtbl.replace by_consumer (c, a) (prods :: cur)) cons) groups;
  let cover = Hashtbl.create 64 in
  Hashtbl.iter (fun (c, a) sets ->
      let ids = List.map (intern a) (sets @ unions sets) in
      Hashtbl.replace cover (c, a) (List.sort_uniq compare ids)) by_consumer;
  let per_consumer, whole =
    if not with_code_sets then ([], [])
    else code_sets code succ sagent ssem agsem nsites (fun c s -> Hashtbl.mem conf (c, s)) in
  List.iter (fun ((c, a), l) ->
      let cur = try Hashtbl.find cover (c, a) with Not_found -> [] in
      Hashtbl.replace cover (c, a) (List.sort_uniq compare (intern a l :: cur))) per_consumer;
  List.iter (fun (a, l) -> ignore (intern a l)) whole;
  (* Offset relations (Validator.v, [prel]): two tracked sets of one agent
     whose last sites lie in the same blocks, with counts after them d apart
     in every one (-16 <= d < 0: the pass's MaxSnapshotOffset). The pass may
     keep the larger one's count in a register and wait on it + d for the
     other; the checker derives each relation where it holds. *)
  let max_offset = 16 in
  let count_after = Hashtbl.create 64 and block_of = Hashtbl.create 64 in
  Hashtbl.iter (fun b insts ->
      let n = Array.make (max 1 nagents) 0 in
      List.iter (function
          | ISite s when s >= 0 && s < nsites ->
              let a = sagent.(s) in
              if ssem.(s) <> None then n.(a) <- n.(a) + 1;
              Hashtbl.replace count_after s n.(a);
              Hashtbl.replace block_of s b
          | _ -> ()) insts) code;
  let classes = Hashtbl.create 64 in
  Hashtbl.iter (fun (a, l) q ->
      let last = Hashtbl.create 8 in
      List.iter (fun s ->
          match Hashtbl.find_opt block_of s with
          | Some b ->
              let c = Hashtbl.find count_after s in
              (match Hashtbl.find_opt last b with
               | Some c' when c' >= c -> ()
               | _ -> Hashtbl.replace last b c)
          | None -> ()) l;
      match List.sort compare (Hashtbl.fold (fun b c acc -> (b, c) :: acc) last []) with
      | [] -> ()
      | ((_, base) :: _) as shape ->
          let key = (a, List.map (fun (b, c) -> (b, c - base)) shape) in
          let cur = try Hashtbl.find classes key with Not_found -> [] in
          Hashtbl.replace classes key ((base, q) :: cur)) set_id;
  let prel =
    List.sort compare
      (Hashtbl.fold (fun _ members acc ->
           List.fold_left (fun acc (l2, q2) ->
               List.fold_left (fun acc (l1, q1) ->
                   let d = l2 - l1 in
                   if d < 0 && d >= - max_offset then ((q2, q1), d) :: acc else acc)
                 acc members) acc members) classes []) in
  let pagent = Array.make !nsets 0 in
  List.iter (fun (q, a) -> pagent.(q) <- a) !set_agent;
  let get t k d = try Hashtbl.find t k with Not_found -> d in
  let prog = {
    pcode = (fun b -> get code b []);
    psucc = (fun b -> get succ b []);
    pblocks = List.map (fun (id, _, _) -> id) blocks;
    pentry = Json.to_int (Json.member "entry" j);
    nsites;
    nagents;
    sagent = (fun s -> if s >= 0 && s < nsites then sagent.(s) else 0);
    sengine = (fun s -> if s >= 0 && s < nsites then sengine.(s) else 0);
    ssem = (fun s -> if s >= 0 && s < nsites then ssem.(s) else None);
    agsem = (fun a -> if a >= 0 && a < nagents then agsem.(a) else None);
    conf = (fun c s -> Hashtbl.mem conf (c, s));
    pmem = (fun q s -> Hashtbl.mem pmem (q, s));
    pagent = (fun q -> if q >= 0 && q < !nsets then pagent.(q) else 0);
    ptracked = List.init !nsets (fun q -> q);
    cover = (fun c a -> get cover (c, a) []);
    prel;
  } in
  { name = Json.to_string (Json.member "function" j);
    mode = Json.to_string (Json.member "mode" j);
    fallbacks = List.map Json.to_string (Json.to_list (Json.member "fallbacks" j));
    prog; agents; engines; blocks; code; site_engine = sengine;
    site_text = Array.map (fun s -> match Json.member_opt "text" s with
                                    | Some (Json.String t) -> t | _ -> "") sites }

(* The facts at block entries: Validator.invariant's iteration (join at
   every edge, widening after [widen_after] changes of a block), with a
   worklist instead of sweeps over every block, and hash tables instead of
   association lists. It is not trusted: check_with verifies what it
   yields, whichever way it was computed. Blocks are taken in the order of
   the sweeps (the next changed block at or after the last one, wrapping
   around), so that each block is widened after the same changes. *)
let fast_invariant (p : prog) : (int * (int * astate)) list =
  let blocks = Array.of_list p.pblocks in
  let pos = Hashtbl.create 64 in
  Array.iteri (fun i b -> Hashtbl.replace pos b i) blocks;
  let module Work = Set.Make (Int) in
  let inv = Hashtbl.create 64 and work = ref Work.empty in
  let limit = Hashtbl.create 64 in
  let widen_at s = match Hashtbl.find_opt limit s with
    | Some n -> n
    | None -> let n = widen_after p s in Hashtbl.replace limit s n; n in
  let push s = match Hashtbl.find_opt pos s with
    | Some i -> work := Work.add i !work | None -> () in
  Hashtbl.replace inv p.pentry (1, init p);
  push p.pentry;
  let fuel = ref (100 * (Array.length blocks + 1) * (Array.length blocks + 1)) in
  let cursor = ref 0 in
  while not (Work.is_empty !work) && !fuel > 0 do
    decr fuel;
    let i = match Work.find_first_opt (fun j -> j >= !cursor) !work with
      | Some j -> j | None -> Work.min_elt !work in
    cursor := i + 1;
    work := Work.remove i !work;
    let b = blocks.(i) in
    match Hashtbl.find_opt inv b with
    | None -> ()
    | Some (_, a) ->
        let post = transfer_block p a b in
        List.iter (fun s ->
            match Hashtbl.find_opt inv s with
            | None ->
                (* As Validator.visit: the first state is post itself, and
                   the next visit of b joins post into it, as the sweeps of
                   Validator.iterate do (the join of a state with itself
                   can differ from it, in the waited facts [ag]: without
                   this, the facts were not inductive on such an edge). *)
                Hashtbl.replace inv s (1, post); push s; push b
            | Some (n, old) ->
                let j = join post old in
                let j = if widen_at s < n then widen old j else j in
                if not (astate_eq_dec j old) then begin
                  Hashtbl.replace inv s (n + 1, j); push s
                end) (p.psucc b)
  done;
  Array.fold_right (fun b acc -> match Hashtbl.find_opt inv b with
      | Some e -> (b, e) :: acc | None -> acc) blocks []

(* ---- Reporting ---- *)

let name_of arr i = if i >= 0 && i < Array.length arr then arr.(i) else string_of_int i

let wait_text f = function
  | IWait (e, sm, r, k) ->
      if r = 0 then Printf.sprintf "%s.wait s%d, %d" (name_of f.engines e) sm k
      else Printf.sprintf "%s.waitr s%d, r%d, %d" (name_of f.engines e) sm r k
  | _ -> ""

(* Block, position and the waits of its engine on [sem] just before site c. *)
let locate f c sem =
  let found = ref None in
  List.iter (fun (b, bname, _) ->
      let insts = Array.of_list (Hashtbl.find f.code b) in
      Array.iteri (fun i ins ->
          if ins = ISite c && !found = None then begin
            let e = f.site_engine.(c) in
            let waits = ref [] and k = ref (i - 1) in
            while !k >= 0 && (match insts.(!k) with
                              | ISite s -> f.site_engine.(s) <> e
                              | _ -> true) do
              (match insts.(!k) with
               | IWait (e', sm, _, _) when e' = e && (sem < 0 || sm = sem) ->
                   waits := wait_text f insts.(!k) :: !waits
               | _ -> ());
              decr k
            done;
            found := Some (b, bname, i, !waits)
          end) insts) f.blocks;
  !found

let where f b i =
  let bname = List.fold_left (fun acc (id, n, _) -> if id = b then n else acc) "" f.blocks in
  Printf.sprintf "block %d (%s), instruction %d" b bname i

let site_where f c sem =
  match locate f c sem with
  | Some (b, _, i, waits) ->
      Printf.sprintf "site %d (%s, engine %s%s) %s" c (where f b i)
        (name_of f.engines f.site_engine.(c))
        (if f.site_text.(c) = "" then "" else ", " ^ f.site_text.(c))
        (if waits = [] then "with no wait before it"
         else "after " ^ String.concat "; " waits)
  | None -> Printf.sprintf "site %d" c

let sem_of f a = match f.prog.agsem a with Some s -> s | None -> -1

let describe f =
  let text c = if c >= 0 && c < Array.length f.site_text && f.site_text.(c) <> ""
               then " (" ^ f.site_text.(c) ^ ")" else "" in
  function
  | DUnsound (c, a) ->
      Printf.sprintf "%s: unsound: on some path it may start before the latest earlier \
                      conflicting instance of %s completes (waits for fewer than T(c, %s) \
                      completions of s%d)"
        (site_where f c (sem_of f a)) (name_of f.agents a) (name_of f.agents a) (sem_of f a)
  | DImprecise (c, a) ->
      Printf.sprintf "%s: imprecise: on some path it waits for more completions of %s (s%d) \
                      than T(c, %s), the count right after its latest earlier conflicting \
                      instance"
        (site_where f c (sem_of f a)) (name_of f.agents a) (sem_of f a) (name_of f.agents a)
  | DWaitOwn (c, sm) ->
      Printf.sprintf "%s: imprecise: waits on s%d, which no instance it depends on increments"
        (site_where f c sm) sm
  | DAhead (b, i) ->
      let ins = List.nth (Hashtbl.find f.code b) i in
      Printf.sprintf "%s: %s: may wait for an instance that has not been issued yet \
                      (a deadlock when the waiting engine issues it)" (where f b i) (wait_text f ins)
  | DUnsupported (b, i) ->
      Printf.sprintf "%s: unsupported: a synchronization instruction (inc, semset or \
                      barrier) the precise model does not have" (where f b i)
  | DEdge (b, s) ->
      Printf.sprintf "the facts are not inductive on the edge %d -> %d (the fixpoint did \
                      not converge)" b s
  | DTable (w, x, y) ->
      (match w with
       | 0 -> Printf.sprintf "site %d increments a semaphore other than its agent's" x
       | 1 -> Printf.sprintf "agents %s and %s share a semaphore (shared semaphores are not \
                              modelled)" (name_of f.agents x) (name_of f.agents y)
       | 2 -> Printf.sprintf "internal: tracked set %d is not a set of sites conflicting with \
                              site %d" y x
       | 3 -> Printf.sprintf "block %d names site %d, which is not in the site table" x y
       | 4 -> Printf.sprintf "block %d: successor %d is not in the block table" x y
       | 5 -> Printf.sprintf "site %d%s conflicts with site %d%s on another agent, which \
                              increments no semaphore: no wait can order them" x (text x) y (text y)
       | 6 -> Printf.sprintf "sites %d and %d of one agent wait on different engines" x y
       | 7 -> Printf.sprintf "site %d has an agent outside the agent table" x
       | _ -> "inconsistent tables")

let is_soundness = function DImprecise _ | DWaitOwn _ -> false | _ -> true
let is_unsound = function DUnsound _ -> true | _ -> false

(* The soundness findings that remain when happens-before chains through
   other agents count (Transitive.check_t). The candidate facts (q, q'):
   q' a tracked set covering a consumer found unsound, q a tracked set of
   another agent; the fixpoint keeps those that hold, check_t verifies
   them. *)
let transitive_findings f inv direct =
  if List.exists (fun d -> is_soundness d && not (is_unsound d)) direct then direct
  else begin
    let p = f.prog in
    let targets = List.sort_uniq compare
        (List.concat_map (function DUnsound (c, a) -> p.cover c a | _ -> []) direct) in
    let cands = List.concat_map (fun q' ->
        List.filter_map (fun q -> if p.pagent q <> p.pagent q' then Some (q, q') else None)
          p.ptracked) targets in
    check_t p inv (hinvariant p inv cands) cands
  end

(* Waits that the earlier waits of their engine already imply on every
   path (Validator.implied, what the transfer uses to leave a wait out of
   the precision bookkeeping): a precision finding, reported as a note. The
   states are the verified block-entry facts. *)
let redundant_waits f inv =
  let p = f.prog in
  List.concat_map (fun (b, (_, entry)) ->
      let insts = try Hashtbl.find f.code b with Not_found -> [] in
      let _, found, _ =
        List.fold_left (fun (a, acc, i) ins ->
            let acc = match ins with
              | IWait (e, sm, r, k)
                when implied (gf a (e, sm)) (wait_facts p a sm r k) -> (b, i, ins) :: acc
              | _ -> acc in
            (transfer p a ins, acc, i + 1)) (entry, [], 0) insts in
      List.rev found) inv

let describe_redundant f (b, i, ins) =
  let e = match ins with IWait (e, _, _, _) -> e | _ -> 0 in
  Printf.sprintf "%s: %s: redundant: the earlier waits of %s imply it" (where f b i)
    (wait_text f ins) (name_of f.engines e)

(* ---- Inputs: the records of an object (or assembly) are built from its
   code by neuronisa-sync-program, next to this executable. ---- *)

let tool name = Filename.concat (Filename.dirname Sys.executable_name) name

let run_tool args out =
  let cmd = Filename.quote_command (List.hd args) (List.tl args) ~stdout:out in
  if Sys.command cmd <> 0 then begin
    Printf.eprintf "error: %s failed\n" (String.concat " " args); exit 2
  end

let is_elf file =
  try
    let ic = open_in_bin file in
    let magic = try really_input_string ic 4 with End_of_file -> "" in
    close_in ic; magic = "\x7fELF"
  with Sys_error _ -> false

(* The JSON Lines to read for [file]: the file itself (a dump), or the
   records of the object it is, or of the object its assembly makes. *)
let records_of file =
  let asm = Filename.check_suffix file ".s" in
  if not (asm || is_elf file) then file
  else begin
    let obj =
      if not asm then file
      else begin
        let o = Filename.temp_file "neuronisa-sync-check" ".o" in
        let null = Filename.temp_file "neuronisa-sync-check" ".txt" in
        run_tool [ tool "neuronisa-asm"; "-filetype=obj"; file; "-o"; o ] null;
        o
      end in
    let out = Filename.temp_file "neuronisa-sync-check" ".json" in
    run_tool [ tool "neuronisa-sync-program"; obj ] out;
    out
  end

let () =
  let files = List.tl (Array.to_list Sys.argv) in
  if files = [] || List.mem "--help" files then begin
    prerr_endline "usage: neuronisa-sync-check FILE...  (FILE: an object, assembly, or \
                   the JSON of llc -neuronisa-sync-dump=FILE)";
    exit (if files = [] then 2 else 0)
  end;
  let checked = ref 0 and exact = ref 0 and announced = ref 0 and failed = ref 0
  and skipped = ref 0 and noted = ref 0 and chains = ref 0 in
  List.iter (fun file ->
      if not (Sys.file_exists file) then begin
        Printf.eprintf "error: %s: no such file\n" file; exit 2 end;
      let file = records_of file in
      let ic = try open_in_bin file with Sys_error e ->
        Printf.eprintf "error: %s\n" e; exit 2 in
      let lineno = ref 0 in
      (try
         while true do
           let line = input_line ic in
           incr lineno;
           let rejected =
             if String.trim line = "" then None
             else match Json.member_opt "error" (Json.parse line) with
               | Some (Json.String e) ->
                   Some (Json.to_string (Json.member "function" (Json.parse line)), e)
               | _ -> None
               | exception _ -> None in
           match rejected with
           | Some (name, e) ->
               incr checked; incr failed;
               Printf.printf "%s: REJECTED: %s\n" name e
           | None ->
           if String.trim line <> "" then begin
             let load_record with_code_sets =
               try load ~with_code_sets (Json.parse line) with
               | Json.Error e | Failure e | Invalid_argument e ->
                   Printf.eprintf "error: %s:%d: malformed record: %s\n" file !lineno e;
                   exit 2
             in
             (* The sets read off the code cost time (more tracked sets):
                only a function the groups alone do not prove sound gets
                them. *)
             let f = load_record false in
             let checked_mode = f.mode = "precise" || f.mode = "object" in
             let f, inv =
               if not checked_mode then (f, [])
               else begin
                 let inv = fast_invariant f.prog in
                 if check_with f.prog false inv = [] then (f, inv)
                 else let f = load_record true in (f, fast_invariant f.prog)
               end in
             if not checked_mode then begin
               incr skipped;
               Printf.printf "%s: not checked (%s synchronization)\n" f.name f.mode
             end else begin
               incr checked;
               let all = check_with f.prog true inv in
               let redundant = redundant_waits f inv in
               let print_redundant () =
                 List.iter (fun w -> Printf.printf "  note: %s\n" (describe_redundant f w))
                   redundant in
               if all = [] then begin
                 incr exact;
                 Printf.printf "%s: exact (%d sites)%s\n" f.name f.prog.nsites
                   (if redundant = [] then ""
                    else Printf.sprintf "; %d redundant wait%s" (List.length redundant)
                        (if List.length redundant = 1 then "" else "s"));
                 print_redundant ()
               end else begin
                 let direct = List.filter is_soundness (check_with f.prog false inv) in
                 (* Consumers not ordered directly may be ordered through
                    other agents (Transitive.v): the soundness verdict is
                    then check_t's. *)
                 let unsound = if direct = [] then [] else transitive_findings f inv direct in
                 let chained = direct <> [] && unsound = [] in
                 let imprecise =
                   List.filter (fun d -> not (is_soundness d) && not (chained && is_unsound d)) all in
                 (* From the code alone, nothing says where the pass chose to
                    wait for more: a precision finding is a note. *)
                 let obj = f.mode = "object" in
                 let ok = unsound = [] && (imprecise = [] || f.fallbacks <> [] || obj) in
                 if not ok then incr failed
                 else if imprecise = [] then incr chains
                 else if obj then incr noted else incr announced;
                 let sound = if chained then Printf.sprintf "sound; %d dependences ordered \
                                                             through other agents"
                                               (List.length direct)
                             else "sound" in
                 Printf.printf "%s: %s\n" f.name
                   (if unsound <> [] then "UNSOUND"
                    else if imprecise = [] then sound
                    else if obj then
                      Printf.sprintf "%s; %d precision notes (waits for more than \
                                      the criterion asks)" sound (List.length imprecise)
                    else if ok then sound ^ "; imprecise where the pass announced a fallback"
                    else "IMPRECISE");
                 List.iter (fun d -> Printf.printf "  %s\n" (describe f d)) unsound;
                 List.iter (fun d -> Printf.printf "  %s%s\n"
                                       (if obj then "note: " else "") (describe f d)) imprecise;
                 print_redundant ();
                 List.iter (fun w -> Printf.printf "  (pass fallback: %s)\n" w) f.fallbacks
               end
             end
           end
         done
       with End_of_file -> ());
      close_in ic) files;
  Printf.printf "summary: %d functions checked: %d exact, %d imprecise with an announced \
                 fallback, %d failed; %d not in precise mode\n"
    !checked !exact !announced !failed !skipped;
  if !chains > 0 then
    Printf.printf "note: %d functions are sound through happens-before chains (not exact: \
                   a consumer relies on another agent's wait)\n" !chains;
  if !noted > 0 then
    Printf.printf "note: %d functions from objects are sound with precision notes\n" !noted;
  exit (if !failed > 0 then 1 else 0)
